import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textField } from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { devMailboxOf } from '../../shared/notifications';

const receivedMailSchema = z.object({
  messageId: z.string(),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  receivedAt: z.string(),
});

/**
 * The development mailbox's contents (issue #30 item 4), for the page `/mailbox-standin`: the e-mail
 * the platform sent the demo people, as a real SMTP server on loopback received it. Development
 * only, like the wallet stand-in: production answers 404 (and config/profiles.ts refuses the mailbox there).
 * The route exists in every profile because the API contract is the same document in each.
 */
export async function mailboxStandInRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/standin/mailbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['wallet'],
        operationId: 'mailboxStandIn',
        summary:
          'The development mailbox: every e-mail sent, newest first (optionally only those to `to`); 404 in production',
        // An e-mail address (a recipient's), nothing else: control characters and numbers are refused.
        querystring: z.object({
          to: textField()
            .max(254)
            .regex(/^[^\s@]+@[^\s@]+$/)
            .optional(),
        }),
        response: { 200: z.array(receivedMailSchema) },
      },
    },
    async (request) => {
      const mailbox = app.config.profile === 'development' ? devMailboxOf(app.db) : undefined;
      if (!mailbox) throw new AppError('NOT_FOUND');
      return mailbox.list(request.query.to);
    },
  );
}
