import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companionRequestSchema, validationMessages } from '@tickets/domain';
import { currentUser, requireUser } from '../../shared/guards';
import { answerCompanionRequest, listCompanionRequests } from './companion-requests';

/** The Gov.gr Wallet's API: what the wallet app calls for the logged-in holder. */
export async function walletRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['wallet'];
  const params = z.object({
    requestId: z.uuid({ error: validationMessages.declarationId }),
    answer: z.enum(['accept', 'reject']),
  });

  app.get(
    '/api/wallet/companion-requests',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Requests naming the logged-in person as companion of a minor, awaiting an answer',
        response: { 200: z.array(companionRequestSchema) },
      },
    },
    async (request) => listCompanionRequests(db, currentUser(request).afm),
  );

  app.post(
    '/api/wallet/companion-requests/:requestId/:answer',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Accept or reject a companion request (answer: accept | reject)',
        params,
        response: { 200: companionRequestSchema },
      },
    },
    async (request) =>
      answerCompanionRequest(
        db,
        { user: currentUser(request), requestId: request.id },
        request.params.requestId,
        request.params.answer,
      ),
  );
}
