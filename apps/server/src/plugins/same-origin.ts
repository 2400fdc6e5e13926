import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error';
import { matchedRoute } from '../shared/api-paths';
import { isCookieless } from '../shared/guards';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence (docs/design.md §3): a state-changing call made with the session cookie must come
 * from the service's own pages (the browser's Origin header) and carry JSON, which a plain
 * HTML form cannot send.
 */
function assertSameOriginJson(request: FastifyRequest, publicUrl: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers.origin !== new URL(publicUrl).origin) throw new AppError('CROSS_ORIGIN_FORBIDDEN');
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
  const contentType = request.headers['content-type'] ?? '';
  if (hasBody && !/^application\/json\b/i.test(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
}

/**
 * Every /api call made with the session cookie. Providers and gate devices authenticate with a
 * bearer token, not a cookie: no cross-site request can borrow it (a turnstile's software sends no
 * Origin). A callback hook: it costs every request no promise (bench/README.md).
 */
export function setUpSameOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = matchedRoute(request);
    // An EU wallet sends no cookie and no Origin, and its token request is a form (OAuth's).
    if (route.api && !isCookieless(route.config.access)) assertSameOriginJson(request, app.publicUrl());
    done();
  });
}
