import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LISTEN_HEARTBEAT_INTERVAL_MS,
  LISTEN_HEARTBEAT_TIMEOUT_MS,
  openDatabase,
  type Database,
} from '../src/db/client';
import { sessions } from '../src/db/schema';
import { createSession, findSessionUser, SessionCache, type SessionPolicy } from '../src/shared/sessions';
import { startBlackholeProxy, type BlackholeProxy } from './support/blackhole-proxy';
import { engines, useTestServer } from './support/test-server';

/** The idle timeout, on a clock the test moves: honoured to the minute, cached or not. */
const SECOND = 1000;
const person = { afm: '100000040', firstName: 'Α', lastName: 'Β' };

describe.each(engines)('the session idle timeout on %s', (engine) => {
  const server = useTestServer(engine);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const listeningCache = () => {
    const cache = new SessionCache();
    cache.onListening(true);
    return cache;
  };
  const db = () => server.database.db;

  it('keeps a session in use alive, a request every 50 s under a one-minute timeout', async () => {
    const policy: SessionPolicy = { idleMinutes: 1, absoluteHours: 1 };
    const cache = listeningCache();
    const token = await createSession(db(), person, policy);
    for (let request = 0; request < 6; request += 1) {
      expect(await findSessionUser(db(), token, policy, cache), `request ${request}`).toBeDefined();
      vi.advanceTimersByTime(50 * SECOND);
    }
  });

  // SESSION_IDLE_MINUTES is at least 1; the rule holds for any policy, a shorter one included.
  it.each([1, 0.5])(
    'refuses a session idle longer than %s minute(s), even one this process kept',
    async (idleMinutes) => {
      const policy: SessionPolicy = { idleMinutes, absoluteHours: 1 };
      const cache = listeningCache();
      const token = await createSession(db(), person, policy);
      expect(await findSessionUser(db(), token, policy, cache)).toBeDefined();
      // A second over: last_seen_at is the database's clock, a few milliseconds after the test's.
      vi.advanceTimersByTime(idleMinutes * 60 * SECOND + SECOND);
      expect(await findSessionUser(db(), token, policy, cache)).toBeUndefined();
    },
  );
});

describe.runIf(engines.includes('postgres'))('a LISTEN connection that goes silent', () => {
  const server = useTestServer('postgres');
  let proxy: BlackholeProxy;
  let heard: Database;
  beforeAll(async () => {
    if (server.config.database.kind !== 'postgres') throw new Error('PostgreSQL expected');
    proxy = await startBlackholeProxy(server.config.database.url);
    heard = await openDatabase({ kind: 'postgres', url: proxy.url });
  });
  afterAll(async () => {
    await heard.close();
    await proxy.close();
  });

  it('stops trusting kept sessions within a heartbeat and its timeout, then listens again', async () => {
    const policy: SessionPolicy = { idleMinutes: 30, absoluteHours: 1 };
    const db = server.database.db;
    const cache = new SessionCache();
    const listening: boolean[] = [];
    const stop = await heard.listen(SessionCache.CHANNEL, {
      onMessage: cache.onMessage,
      onListening: (value) => {
        listening.push(value);
        cache.onListening(value);
      },
    });
    try {
      const token = await createSession(db, person, policy);
      expect(await findSessionUser(db, token, policy, cache)).toBeDefined();

      // No end, no error: the notification of the deletion below is simply never delivered.
      proxy.cut();
      const cutAt = Date.now();
      await db.delete(sessions);
      await expect
        .poll(() => findSessionUser(db, token, policy, cache), {
          timeout: LISTEN_HEARTBEAT_INTERVAL_MS + LISTEN_HEARTBEAT_TIMEOUT_MS + SECOND,
          interval: 50,
        })
        .toBeUndefined();
      expect(Date.now() - cutAt).toBeLessThanOrEqual(
        LISTEN_HEARTBEAT_INTERVAL_MS + LISTEN_HEARTBEAT_TIMEOUT_MS + SECOND,
      );
      expect(listening).toEqual([true, false]);

      // A new connection through the proxy (forwarded again) listens, and changes are heard.
      await expect.poll(() => listening.at(-1), { timeout: 5 * SECOND }).toBe(true);
      const again = await createSession(db, person, policy);
      expect(await findSessionUser(db, again, policy, cache)).toBeDefined();
      await db.delete(sessions);
      await expect
        .poll(() => findSessionUser(db, again, policy, cache), { timeout: 2 * SECOND, interval: 20 })
        .toBeUndefined();
    } finally {
      await stop();
    }
  });
});
