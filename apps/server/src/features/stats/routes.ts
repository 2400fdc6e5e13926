import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsQuerySchema, statsTicketSchema } from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { currentUser } from '../../shared/guards';
import { fixtureEntrants } from '../../shared/entry';
import { findTicketForOfficer, toTicketDetails } from '../../shared/tickets';

/**
 * Stats lookup (officers only): every field of a ticket by its 12-digit code, and for a season ticket
 * who enters each fixture (the holder, or a loan's recipient); read-only, audited.
 */
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
    async (request) => {
      const user = currentUser(request);
      const found = await findTicketForOfficer(db, user, request.query.code);
      await app.audit({
        actor: user.afm,
        action: found ? 'TICKET_LOOKUP' : 'TICKET_LOOKUP_MISS',
        subject: request.query.code,
        requestId: request.id,
      });
      if (!found) throw new AppError('TICKET_NOT_FOUND');
      const details = toTicketDetails(found);
      const fixtures = found.ticket.seasonal ? await fixtureEntrants(db, found.ticket) : [];
      return { ...details, fixtures };
    },
  );
}
