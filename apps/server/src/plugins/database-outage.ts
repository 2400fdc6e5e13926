import type { FastifyInstance } from 'fastify';
import { isDatabaseReachable, type Database } from '../db/client';
import { DatabaseOutage } from '../db/outage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the database is thought unreachable; the error handlers tell it what they meet. */
    databaseOutage: DatabaseOutage;
  }
}

/**
 * While the database cannot be reached, requests are answered 503 with Retry-After (shared/http-errors.ts)
 * and the outage is logged once, with its end; idle connections the server closed count too.
 */
export function setUpDatabaseOutage(app: FastifyInstance, database: Database): void {
  const outage = new DatabaseOutage(app.log, () => isDatabaseReachable(database.db));
  app.decorate('databaseOutage', outage);
  database.onIdleConnectionError?.((error) => {
    if (!outage.notice(error))
      app.log.warn({ reason: error.message }, 'PostgreSQL closed an idle connection');
  });
  app.addHook('onClose', async () => outage.stop());
}
