import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../shared/api-paths';
import { enforceAccess } from '../shared/guards';

/**
 * Every /api route says who may call it (`config.access`, shared/guards.ts), or the server does not
 * start; one hook enforces it before the body is read. A callback hook, as every request runs it.
 */
export function setUpAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && !route.config?.access) {
      throw new Error(`${route.method} ${route.url} declares no config.access`);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    enforceAccess(request);
    done();
  });
}
