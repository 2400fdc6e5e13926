import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { AppError } from '../../shared/app-error';
import { claimsFor } from '../../shared/claim-codes';
import { importEvents, importTickets, type Importer } from './imports.service';
import { findProviderByKey, gateStatus } from './service';

/** Wrong or missing keys a client address may send in a minute; then 429 until the minute ends. */
const FAILED_KEYS_PER_MINUTE = 20;
/** Batches of up to 5,000 rows: larger than the 64 KiB the citizen-facing API accepts. */
const PROVIDER_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The clubs' ticketing providers push events and tickets here, authenticated by their API key
 * (`Authorization: Bearer <key>`), never by a browser session.
 */
export async function providerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['providers'];

  // Who is calling is settled before the body is even read (onRequest, not after parsing): a
  // stranger can neither make the server buffer and parse megabytes nor learn anything from it.
  const importers = new WeakMap<FastifyRequest, Importer>();
  // Only wrong keys count: a provider pushing its batches must not use up this allowance.
  const failedKeys = app.createRateLimit({
    max: FAILED_KEYS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `provider-key:${request.ip}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    // An address refused for its wrong keys is not even checked: a right guess would give itself away.
    const failures = await failedKeys(request, { increment: false });
    if (!failures.isAllowed && failures.remaining === 0) {
      reply.header('retry-after', String(failures.ttlInSeconds));
      throw new AppError('RATE_LIMITED');
    }
    const key = /^Bearer (\S{10,200})$/.exec(request.headers.authorization ?? '')?.[1];
    const provider = key ? await findProviderByKey(db, key) : undefined;
    if (!provider) {
      await failedKeys(request);
      throw new AppError('PROVIDER_UNAUTHENTICATED');
    }
    importers.set(request, {
      organisationId: provider.organisationId,
      actor: `provider:${provider.id}`,
      requestId: request.id,
    });
  });
  const importerOf = (request: FastifyRequest): Importer => {
    const importer = importers.get(request);
    if (!importer) throw new AppError('PROVIDER_UNAUTHENTICATED');
    return importer;
  };

  app.put(
    '/api/providers/events',
    {
      bodyLimit: PROVIDER_BODY_LIMIT,
      config: { access: 'provider' },
      schema: {
        tags,
        operationId: 'upsertEvents',
        summary: 'Upsert events by externalId',
        body: providerEventsBody,
        response: { 200: importReportSchema },
      },
    },
    async (request) => importEvents(db, importerOf(request), request.body.events),
  );

  app.put(
    '/api/providers/tickets',
    {
      bodyLimit: PROVIDER_BODY_LIMIT,
      config: { access: 'provider' },
      schema: {
        tags,
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
      },
    },
    async (request) => {
      const { acceptedCodes, ...report } = await importTickets(db, importerOf(request), request.body.tickets);
      return { ...report, claims: claimsFor(app.config.claimCodeKey, acceptedCodes) };
    },
  );

  app.get(
    '/api/providers/tickets/:publicCode/status',
    {
      config: { access: 'provider' },
      schema: {
        tags,
        operationId: 'getTicketStatus',
        summary:
          "A ticket's status at the gate for a fixture (eventId or eventExternalId; else its own event): VALID, BLOCKED (the one who enters is suspended), EVENT_OVER or NOT_FOR_THIS_EVENT, and who enters",
        params: z.object({ publicCode: ticketCodeField }),
        querystring: gateStatusQuerySchema,
        response: { 200: gateStatusSchema },
      },
    },
    async (request) =>
      gateStatus(db, importerOf(request).organisationId, request.params.publicCode, request.query),
  );
}
