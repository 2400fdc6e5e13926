import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AppError } from '../../shared/app-error';
import { DatabaseReadiness } from './readiness';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the process is not draining out
 * before it stops, plugins/drain.ts, and its database answers). Readiness is told from what the process
 * already knows (the outage tracker, plugins/database-outage.ts) and a `select 1` refreshed in the
 * background at most once a second (readiness.ts): a balancer's check (deploy/haproxy.cfg: 2 s) never
 * waits behind requests queued for the pool, so a busy process is not taken for a dead one.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const database = new DatabaseReadiness(
    () => app.db.execute(sql`select 1`),
    // And the outage is logged (once) even before a request meets it.
    (error) => app.databaseOutage.notice(error),
  );
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (app.isDraining() || app.databaseOutage.unreachable || !(await database.answering()))
      throw new AppError('SERVICE_UNAVAILABLE');
    return { status: 'ok' };
  });
}
