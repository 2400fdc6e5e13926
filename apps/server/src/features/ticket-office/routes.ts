import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identifyTicketSchema, issuedTicketSchema, personalizeTicketSchema } from '@tickets/domain';
import { currentUser } from '../../shared/guards';
import { issueTicket } from './service';

/** Ticket office (officers only): bind a ticket to a foreigner (identify) or an over-67 fan (personalize). */
export async function ticketOfficeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['ticket office'];

  app.post(
    '/api/ticket-office/identify',
    {
      config: { access: 'officer' },
      schema: {
        tags,
        operationId: 'identifyTicket',
        summary: 'Bind a ticket to a foreign fan',
        body: identifyTicketSchema,
        response: { 200: issuedTicketSchema },
      },
    },
    async (request) =>
      issueTicket(
        db,
        { user: currentUser(request), requestId: request.id },
        'IDENTIFY',
        request.body,
        app.config.gateKeys.signer,
      ),
  );

  app.post(
    '/api/ticket-office/personalize',
    {
      config: { access: 'officer' },
      schema: {
        tags,
        operationId: 'personalizeTicket',
        summary: 'Bind a ticket to an over-67 fan, for printing',
        body: personalizeTicketSchema,
        response: { 200: issuedTicketSchema },
      },
    },
    async (request) =>
      issueTicket(
        db,
        { user: currentUser(request), requestId: request.id },
        'PERSONALIZE',
        request.body,
        app.config.gateKeys.signer,
      ),
  );
}
