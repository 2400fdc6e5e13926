import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsQuerySchema, statsTicketSchema } from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { currentActor, currentUser } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { lookUpTicket } from './service';

/** Stats lookup (officers only). */
export async function statsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const officerRoute = routeOptions('officer', ['ticket office']);
  const { db } = app;
  // Each lookup answers a holder's ΑΦΜ: per minute against a burst, per hour against a harvest.
  const hourly = app.createRateLimit({
    max: app.config.statsLookupsPerHour,
    timeWindow: 60 * 60_000,
    // Named here: a limiter of its own has no route to count under (rate-limit-store.ts).
    keyGenerator: (request) => `stats-lookups:${currentUser(request).afm}`,
  });

  app.post(
    '/api/stats/ticket',
    officerRoute(
      {
        operationId: 'lookUpTicket',
        summary: 'Look a ticket up by its code',
        querystring: statsQuerySchema,
        response: { 200: statsTicketSchema },
      },
      { rateLimit: { max: 120, timeWindow: '1 minute' } },
    ),
    async (request) => {
      const outcome = await hourly(request);
      if (!outcome.isAllowed && outcome.isExceeded) throw new AppError('STATS_LOOKUP_LIMIT');
      return lookUpTicket(db, currentActor(request), request.query.code);
    },
  );
}
