import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transferEventSchema, transferRulesUpdateSchema } from '@tickets/domain';
import { currentActor, currentUser } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { listTransferEvents, updateTransferRules } from './service';

/** The events officers set transfer rules on (service.ts says what the rules are). */
export async function transferEventRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const officerRoute = routeOptions('officer', ['ticket office']);

  app.get(
    '/api/ticket-office/transfer-events',
    officerRoute({
      operationId: 'listTransferEvents',
      summary:
        "The upcoming events of the officer's club (of every club, platform-wide), with their transfer rules",
      response: { 200: z.array(transferEventSchema) },
    }),
    async (request) => listTransferEvents(db, currentUser(request)),
  );

  app.put(
    '/api/ticket-office/transfer-events',
    officerRoute({
      operationId: 'updateTransferRules',
      summary:
        "Set an event's transfer rules: a season's allowance, limits and cut-off, or a fixture's exclusion",
      body: transferRulesUpdateSchema,
      response: { 200: transferEventSchema },
    }),
    async (request) => updateTransferRules(db, currentActor(request), request.body),
  );
}
