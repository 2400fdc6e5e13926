import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsQuerySchema, statsTicketSchema } from '@tickets/domain';
import { currentUser } from '../../shared/guards';
import { lookUpTicket } from './service';

/** Stats lookup (officers only). */
export async function statsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    '/api/stats/ticket',
    {
      config: { access: 'officer', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['ticket office'],
        operationId: 'lookUpTicket',
        summary: 'Look a ticket up by its code',
        querystring: statsQuerySchema,
        response: { 200: statsTicketSchema },
      },
    },
    async (request) =>
      lookUpTicket(db, { user: currentUser(request), requestId: request.id }, request.query.code),
  );
}
