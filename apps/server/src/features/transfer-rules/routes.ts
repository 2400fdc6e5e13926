import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { transferEventSchema, transferRulesUpdateSchema } from '@tickets/domain';
import { events } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { writeAudit } from '../../shared/audit';
import { currentUser } from '../../shared/guards';
import { officerScope } from '../../shared/tickets';
import { listTransferEvents, toTransferEvent, upcoming } from './queries';

/**
 * Transfer rules per upcoming event (a season until its end) of the officer's club (docs/design.md §5).
 * Seasonal events carry the rules of their season tickets' transfers; a fixture can only be
 * excluded (ignoreTransfers).
 */
export async function transferRuleRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['ticket office'];

  app.get(
    '/api/ticket-office/transfer-events',
    {
      config: { access: 'officer' },
      schema: {
        tags,
        operationId: 'listTransferEvents',
        summary:
          "The upcoming events of the officer's club (of every club, platform-wide), with their transfer rules",
        response: { 200: z.array(transferEventSchema) },
      },
    },
    async (request) => listTransferEvents(db, currentUser(request)),
  );

  app.put(
    '/api/ticket-office/transfer-events',
    {
      config: { access: 'officer' },
      schema: {
        tags,
        operationId: 'updateTransferRules',
        summary:
          "Set an event's transfer rules: a season's allowance, limits and cut-off, or a fixture's exclusion",
        body: transferRulesUpdateSchema,
        response: { 200: transferEventSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const update = request.body;
      return db.transaction(async (tx) => {
        const [event] = await tx
          .select()
          .from(events)
          .where(and(eq(events.id, update.eventId), upcoming(), officerScope(user)))
          .for('update');
        if (!event) throw new AppError('EVENT_NOT_FOUND');
        // Only the rules that belong to the kind of event change; the rest of the body is the client's echo.
        const changes = event.seasonal
          ? {
              allowTransfer: update.allowTransfer ?? event.allowTransfer,
              maxTransfers: update.maxTransfers ?? event.maxTransfers,
              transferMinuteLimit: update.transferMinuteLimit ?? event.transferMinuteLimit,
              minToAutoRevertTransferredTicket:
                update.minToAutoRevertTransferredTicket === undefined
                  ? event.minToAutoRevertTransferredTicket
                  : update.minToAutoRevertTransferredTicket,
            }
          : { ignoreTransfers: update.ignoreTransfers ?? event.ignoreTransfers };
        const [saved] = await tx
          .update(events)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(events.id, event.id))
          .returning();
        await writeAudit(tx, {
          actor: user.afm,
          action: 'TRANSFER_RULES_UPDATE',
          subject: String(event.id),
          requestId: request.id,
          details: changes,
        });
        if (!saved) throw new AppError('EVENT_NOT_FOUND');
        return toTransferEvent(saved);
      });
    },
  );
}
