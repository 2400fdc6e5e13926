import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AppError } from '../../shared/app-error';
import { startHealthListener, type HealthListener } from './health-listener';
import { DatabaseReadiness } from './readiness';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the process is not draining out
 * before it stops, plugins/drain.ts, and its database answers). Readiness is told from what the process
 * already knows (the outage tracker, plugins/database-outage.ts) and a `select 1` refreshed in the
 * background at most once a second (readiness.ts): a balancer's check (deploy/haproxy.cfg: 2 s) never
 * waits behind requests queued for the pool, so a busy process is not taken for a dead one. With
 * HEALTH_PORT set, the balancer's checks are answered on that port by a thread of their own
 * (health-listener.ts), from the same readiness, without waiting behind the requests on the main loop.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const database = new DatabaseReadiness(
    () => app.db.execute(sql`select 1`),
    // And the outage is logged (once) even before a request meets it.
    (error) => app.databaseOutage.notice(error),
  );
  const ready = async () =>
    !app.isDraining() && !app.databaseOutage.unreachable && (await database.answering());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (!(await ready())) throw new AppError('SERVICE_UNAVAILABLE');
    return { status: 'ok' };
  });

  const { health } = app.config;
  if (!health) return;
  let listener: HealthListener | undefined;
  app.addHook('onReady', async () => {
    listener = await startHealthListener({
      ...health,
      // Ready once the public port listens too: a balancer never sends traffic to a port not yet open.
      ready: async () => app.server.listening && (await ready()),
    });
    app.log.info({ url: listener.url }, 'the balancer’s health checks are answered on their own thread');
  });
  app.addHook('onClose', async () => listener?.close());
}
