import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { isDatabaseReachable } from '../../db/client';

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (!(await isDatabaseReachable(app.db))) throw new AppError('SERVICE_UNAVAILABLE');
    return { status: 'ok' };
  });
}
