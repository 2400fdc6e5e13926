import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identifyTicketSchema, issuedTicketSchema, personalizeTicketSchema } from '@tickets/domain';
import { currentActor } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { issueTicket } from './service';

/** The two bindings (`Binding`): one call, each with its own path, name and form. */
const bindings = [
  {
    binding: 'IDENTIFY',
    url: '/api/ticket-office/identify',
    operationId: 'identifyTicket',
    summary: 'Bind a ticket to a foreign fan',
    body: identifyTicketSchema,
  },
  {
    binding: 'PERSONALIZE',
    url: '/api/ticket-office/personalize',
    operationId: 'personalizeTicket',
    summary: 'Bind a ticket to an over-67 fan, for printing',
    body: personalizeTicketSchema,
  },
] as const;

/** Ticket office (officers only): bind a ticket to a foreigner (identify) or an over-67 fan (personalize). */
export async function ticketOfficeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const officerRoute = routeOptions('officer', ['ticket office']);

  for (const { binding, url, operationId, summary, body } of bindings) {
    app.post(
      url,
      officerRoute({ operationId, summary, body, response: { 200: issuedTicketSchema } }),
      async (request) =>
        issueTicket(db, currentActor(request), binding, request.body, app.config.gateKeys.signer),
    );
  }
}
