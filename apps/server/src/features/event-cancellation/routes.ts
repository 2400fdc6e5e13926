import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventCancellationSchema, gateEventSchema } from '@tickets/domain';
import { currentActor } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { cancelEvent } from './service';

/** The office cancels a match of its club (service.ts says what follows). */
export async function eventCancellationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const officerRoute = routeOptions('officer', ['ticket office']);

  app.post(
    '/api/ticket-office/events/:eventId/cancellation',
    officerRoute({
      operationId: 'cancelEvent',
      summary:
        "Cancel a match of the officer's club not yet over, gates open or not, with a reason: irreversible; from then every scan of it is refused EVENT_CANCELLED, its devices are refused its manifest (409 EVENT_CANCELLED) and its provider's changes to it are rejected",
      params: z.object({ eventId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      body: eventCancellationSchema,
      response: { 200: gateEventSchema },
    }),
    async (request) => cancelEvent(db, currentActor(request), request.params.eventId, request.body),
  );
}
