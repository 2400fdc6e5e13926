import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { sql } from 'drizzle-orm';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers, and the
 * process is not draining out before it stops: plugins/drain.ts).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (app.isDraining()) throw new AppError('SERVICE_UNAVAILABLE');
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      // Not ready: and the outage is logged (once) even before a request meets it.
      app.databaseOutage.notice(error);
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return { status: 'ok' };
  });
}
