import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession, findSessionUser, SessionCache, type SessionPolicy } from '../src/shared/sessions';
import { engines, startTestServer, type TestServer } from './support/test-server';

/** The idle timeout, on a clock the test moves: honoured to the minute, cached or not. */
const SECOND = 1000;
const person = { afm: '100000040', firstName: 'Α', lastName: 'Β' };

describe.each(engines)('the session idle timeout on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
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
