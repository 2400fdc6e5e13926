import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gateStatusQuerySchema,
  gateStatusSchema,
  importReportSchema,
  providerEventsBody,
  providerTicketsBody,
  ticketCodeField,
  ticketImportReportSchema,
} from '@tickets/domain';
import { currentImporter } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { claimsFor } from '../../rules/claim-codes';
import { importEvents, importTickets } from './imports.service';
import { gateStatus } from './service';

/** Batches of up to 5,000 rows: larger than the 64 KiB the citizen-facing API accepts. */
const PROVIDER_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The clubs' ticketing providers push events and tickets here, authenticated by their API key
 * (`Authorization: Bearer <key>`, the `provider` access level: access.ts), never by a browser session.
 */
export async function providerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const providerRoute = routeOptions('provider', ['providers']);

  app.put(
    '/api/providers/events',
    {
      ...providerRoute({
        operationId: 'upsertEvents',
        summary: 'Upsert events by externalId',
        description:
          'Events are upserted by `externalId`, each row checked on its own (a bad row is reported in `rejected`, never fatal). ' +
          'A fixture whose gates have opened (GATES_OPEN_MINUTES_BEFORE its kick-off) or that has admissions keeps its ' +
          "kick-off and duration: a row changing them (or making it a season) is rejected with EVENT_SCHEDULE_LOCKED's " +
          "description as its reason; its other fields may still change. A fixture the club's ticket office cancelled " +
          "changes no more: every row naming it is rejected with EVENT_CANCELLED's description as its reason.",
        body: providerEventsBody,
        response: { 200: importReportSchema },
      }),
      bodyLimit: PROVIDER_BODY_LIMIT,
    },
    async (request) => importEvents(db, currentImporter(request), request.body.events),
  );

  app.put(
    '/api/providers/tickets',
    {
      ...providerRoute({
        operationId: 'upsertTickets',
        summary: "Upsert tickets by publicCode; answers each accepted ticket's claim code",
        description:
          'Tickets are upserted by `publicCode`, each row checked on its own (a bad row is reported in `rejected`, never fatal). ' +
          'For every ticket of the batch inserted, updated or already there unchanged, `claims` gives its claim code: ' +
          "the same on every push (derived with the platform's key, never stored). The provider prints it on the purchase " +
          'confirmation beside the ticket code, formatted in groups of four (`7KQ2-M9TX-4HCN-R8WE`), and a QR of the text ' +
          '`GRTICKET1:<publicCode>:<claimCode>` (upper case, no spaces: QR alphanumeric mode). The buyer adds the ticket ' +
          'to the Gov.gr Wallet with both codes (`POST /api/wallet/tickets`). The claim code is as secret as the ticket: ' +
          'whoever has it can add the ticket to their wallet, once.',
        body: providerTicketsBody,
        response: { 200: ticketImportReportSchema },
      }),
      bodyLimit: PROVIDER_BODY_LIMIT,
    },
    async (request) => {
      const { acceptedCodes, ...report } = await importTickets(
        db,
        currentImporter(request),
        request.body.tickets,
      );
      return { ...report, claims: claimsFor(app.config.claimCodeKey, acceptedCodes) };
    },
  );

  app.get(
    '/api/providers/tickets/:publicCode/status',
    providerRoute({
      operationId: 'getTicketStatus',
      summary:
        "A ticket's status at the gate for a fixture (eventId or eventExternalId; else its own event): VALID, BLOCKED (the one who enters is suspended), EVENT_OVER or NOT_FOR_THIS_EVENT, and who enters",
      params: z.object({ publicCode: ticketCodeField }),
      querystring: gateStatusQuerySchema,
      response: { 200: gateStatusSchema },
    }),
    async (request) =>
      gateStatus(db, currentImporter(request).organisationId, request.params.publicCode, request.query),
  );
}
