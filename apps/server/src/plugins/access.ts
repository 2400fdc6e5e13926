import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isApiPath } from '../shared/api-paths';
import { enforceUserAccess, type Access } from '../shared/guards';

/**
 * Who is calling an authenticated device or provider route: sets `request.device` (or
 * `request.pairingToken`) or `request.importer`, or throws the route's 401/429. The features own
 * how their bearer is checked (features/gate/devices/device-access.ts, features/providers/access.ts).
 */
export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Every /api route says who may call it (`config.access`, shared/guards.ts), or the server does not
 * start; the check is added to each route when it is declared, so a route walks only its own: a
 * `user` or `officer` route checks the session before validation, a `device` or `provider` route its
 * bearer before the body is even read, a `public` route nothing.
 */
export function setUpAccess(
  app: FastifyInstance,
  authenticate: Record<Extract<Access, 'device' | 'provider' | 'eu-wallet'>, Authenticate>,
): void {
  // Declared up front, as `user` is (plugins/sessions.ts): every request object keeps one shape,
  // whichever level then fills which, and Fastify's hot paths see one hidden class, not four.
  app.decorateRequest('device', undefined);
  app.decorateRequest('pairingToken', undefined);
  app.decorateRequest('importer', undefined);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (isApiPath(route.url) && !access) {
      throw new Error(`${route.method} ${route.url} declares no config.access`);
    }
    if (access === 'user' || access === 'officer') {
      route.preValidation = [checkUser, ...hooks(route.preValidation)];
    } else if (access === 'device' || access === 'provider') {
      route.onRequest = [...hooks(route.onRequest), refusedUnread(authenticate[access])];
    } else if (access === 'eu-wallet' && route.config?.issuanceAccessToken) {
      route.onRequest = [...hooks(route.onRequest), refusedUnread(authenticate[access])];
    }
  });
}

/** A callback hook, as every user route runs it: no promise for a session already found. */
function checkUser(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  try {
    enforceUserAccess(request);
    done();
  } catch (error) {
    done(error as Error);
  }
}

const hooks = <T>(declared: T | T[] | undefined): T[] =>
  declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];

/**
 * A bearer refused with its body unread: the connection closes after the answer, so nothing more of
 * that body (a huge one, say) is taken from a caller who may not send it.
 */
function refusedUnread(authenticate: Authenticate): onRequestAsyncHookHandler {
  return async (request, reply) => {
    try {
      await authenticate(request, reply);
    } catch (error) {
      if (request.headers['content-length'] || request.headers['transfer-encoding'])
        reply.header('connection', 'close');
      throw error;
    }
  };
}
