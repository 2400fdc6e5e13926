import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  affectedPersonSchema,
  suspensionDeleteSchema,
  suspensionMessages,
  suspensionRecordSchema,
  suspensionRequestSchema,
  suspensionSearchSchema,
} from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { currentActor, currentUser } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { toAnsweredError } from '../../shared/http-errors';
import { addSuspension, deleteSuspension, findAffectedPeople, searchSuspensions } from './service';

/**
 * Suspended users (officers only). The spec's client reads these errors as `{"error": "…"}`,
 * so this plugin answers in that shape instead of the envelope.
 */
export async function suspensionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const officerRoute = routeOptions('officer', ['ticket office: suspended users']);
  const base = '/api/blackList-administration';

  // A pre-check and a search each look people up in the registry: one allowance per officer for both.
  const lookups = app.createRateLimit({
    max: app.config.suspensionLookupsPerHour,
    timeWindow: 60 * 60_000,
    // Named here: a limiter of its own has no route to count under (rate-limit-store.ts).
    keyGenerator: (request) => `suspension-lookups:${currentUser(request).afm}`,
  });
  const limitLookups = async (request: FastifyRequest) => {
    const outcome = await lookups(request);
    if (!outcome.isAllowed && outcome.isExceeded) throw new AppError('SUSPENSION_LOOKUP_LIMIT');
  };

  // The same mapping of errors as everywhere else, in the shape this client reads.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAnsweredError(error, request, reply);
    return reply.status(appError.status).send({ error: appError.message });
  });

  app.post(
    `${base}/info`,
    {
      ...officerRoute({
        operationId: 'previewSuspension',
        summary: 'Before adding a suspension: the people it would reach (none known yet is an answer too)',
        body: suspensionRequestSchema,
        response: { 200: z.array(affectedPersonSchema) },
      }),
      preHandler: limitLookups,
    },
    async (request) => findAffectedPeople(db, currentActor(request), request.body, app.config.auditDigestKey),
  );

  app.post(
    `${base}/add`,
    officerRoute({
      operationId: 'addSuspension',
      summary: 'Add a suspension (a stadium ban), resolved to the identity keys of the person it names',
      body: suspensionRequestSchema,
      response: { 200: suspensionRecordSchema },
    }),
    async (request) => addSuspension(db, currentActor(request), request.body),
  );

  app.post(
    `${base}/search`,
    {
      ...officerRoute(
        {
          operationId: 'searchSuspensions',
          summary: 'Search suspensions by identifier or identity details',
          body: suspensionSearchSchema,
          response: { 200: z.array(suspensionRecordSchema) },
        },
        { rateLimit: { max: 60, timeWindow: '1 minute' } },
      ),
      preHandler: limitLookups,
    },
    async (request) => searchSuspensions(db, currentActor(request), request.body, app.config.auditDigestKey),
  );

  app.put(
    `${base}/delete/:id`,
    officerRoute({
      operationId: 'liftSuspension',
      summary:
        'Lift a suspension: for the organisation that entered it and platform-wide officers, with its identifiers',
      params: z.object({ id: z.coerce.number().int().positive() }),
      body: suspensionDeleteSchema,
      response: { 200: z.object({ message: z.string() }) },
    }),
    async (request) => {
      await deleteSuspension(db, currentActor(request), request.params.id, request.body);
      return { message: suspensionMessages.deleted };
    },
  );
}
