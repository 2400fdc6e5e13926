import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { matchedRoute } from '../shared/api-paths';
import { cookiesOf } from '../shared/cookies';
import { isCookieless } from '../shared/guards';
import { SessionCache } from '../shared/session-cache';
import { keptSessionUser, readSessionUser, sessionCookieName } from '../shared/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions read recently, kept while the database announces every change to them. */
    sessions: SessionCache;
  }
}

/**
 * `request.user`: the person behind the session cookie of an /api call, from this process's cache
 * while the database's announcements keep it honest, else read (docs/design.md §3). The hook takes a
 * callback rather than return a promise: a kept session then costs no promise and no turn of the
 * microtask queue (measured: bench/README.md).
 */
export async function setUpSessions(app: FastifyInstance, config: Config, database: Database): Promise<void> {
  // Cookies are parsed when a step asks for them (shared/cookies.ts), not by a hook of every request.
  await app.register(cookie, { hook: false });
  const cache = new SessionCache();
  app.addHook('onClose', await database.listen(SessionCache.CHANNEL, cache));
  app.decorate('sessions', cache);
  app.decorateRequest('user', undefined);

  const { db } = database;
  const cookieName = sessionCookieName(config.profile);
  app.addHook('onRequest', (request, _reply, done) => {
    const route = matchedRoute(request);
    if (!route.api || isCookieless(route.config.access)) return done();
    const token = cookiesOf(request)[cookieName];
    if (!token) return done();
    const kept = keptSessionUser(token, config.session, cache);
    if (kept) {
      request.user = kept;
      return done();
    }
    readSessionUser(db, token, config.session, cache).then((user) => {
      request.user = user;
      done();
    }, done);
  });
}
