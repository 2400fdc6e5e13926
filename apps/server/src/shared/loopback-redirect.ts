import type { FastifyInstance } from 'fastify';
import { matchedRoute } from './api-paths';

const LOOPBACK_NAME = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
/** Probes and scripts keep the address they were given. */
const LEFT_ALONE = /^\/(healthz|readyz)(\/|$)/;

/**
 * Development only: a page opened on another loopback name than the public origin's
 * (`127.0.0.1:8080` or `[::1]:8080` for `localhost:8080`) goes to the same path on the public
 * origin. Otherwise the login state cookie is set on one host and the TaxisNet callback comes back
 * to the other, and every login fails without a word.
 */
export function redirectOtherLoopbackHosts(app: FastifyInstance): void {
  // Every request passes here: a callback, not a promise, for the ones it leaves alone.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const { api, path } = matchedRoute(request);
    if (api || LEFT_ALONE.test(path)) return done();
    const publicOrigin = new URL(app.publicUrl());
    let requested: URL;
    try {
      requested = new URL(`http://${request.host}`);
    } catch {
      return done(); // not a host name at all: nothing to send it to
    }
    if (requested.host === publicOrigin.host || !LOOPBACK_NAME.test(requested.hostname)) return done();
    reply.redirect(`${publicOrigin.origin}${request.url}`, 307);
  });
}
