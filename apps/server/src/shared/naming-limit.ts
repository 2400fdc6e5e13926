import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NAMING_LIMIT_MAX, NAMING_LIMIT_MINUTES } from '@tickets/domain';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route names another person (a companion, a transfer's recipient) or undoes it. */
    namesAPerson?: boolean;
  }
}

/**
 * Naming another person answers the same whatever their status (docs/design.md §9), and every call that
 * names or un-names someone draws on one allowance per person, so that neither a loop of attempts
 * nor create-then-revoke can be used to probe who is suspended or in the registry.
 */
export function limitNamingPerPerson(app: FastifyInstance): void {
  const limiter = app.createRateLimit({
    max: NAMING_LIMIT_MAX,
    timeWindow: NAMING_LIMIT_MINUTES * 60_000,
    // Named here: a limiter of its own has no route to count under (rate-limit-store.ts).
    keyGenerator: (request) => `naming:${request.user?.afm ?? request.ip}`,
  });
  const limitNaming = async (request: FastifyRequest) => {
    const outcome = await limiter(request);
    if (!outcome.isAllowed && outcome.isExceeded) throw new AppError('RATE_LIMITED');
  };
  // On the routes that name a person only, not a hook every request runs to find it has nothing to do.
  app.addHook('onRoute', (route) => {
    if (!route.config?.namesAPerson) return;
    route.preHandler = [limitNaming, ...[route.preHandler ?? []].flat()];
  });
}
