import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gateStatusSchema,
  importReportSchema,
  providerEventsBody,
  providerTicketsBody,
  ticketCodeField,
} from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { findProviderByKey } from './api-keys';
import { gateStatus } from './gate-status';
import { importEvents, importTickets, type Importer } from './import-service';

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

  // Who is calling is settled before the body is even validated: a stranger learns nothing.
  const importers = new WeakMap<FastifyRequest, Importer>();
  app.addHook('preValidation', async (request) => {
    const key = /^Bearer (\S{10,200})$/.exec(request.headers.authorization ?? '')?.[1];
    const provider = key ? await findProviderByKey(db, key) : undefined;
    if (!provider) throw new AppError('PROVIDER_UNAUTHENTICATED');
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
        summary: 'Upsert tickets by publicCode',
        body: providerTicketsBody,
        response: { 200: importReportSchema },
      },
    },
    async (request) => importTickets(db, importerOf(request), request.body.tickets),
  );

  app.get(
    '/api/providers/tickets/:publicCode/status',
    {
      config: { access: 'provider' },
      schema: {
        tags,
        summary: "A ticket's status at the gate: VALID, BLOCKED (holder suspended) or EVENT_OVER",
        params: z.object({ publicCode: ticketCodeField }),
        response: { 200: gateStatusSchema },
      },
    },
    async (request) => gateStatus(db, importerOf(request).organisationId, request.params.publicCode),
  );
}
