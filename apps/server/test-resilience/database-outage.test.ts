import { afterAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@tickets/domain';
import { openDatabase } from '../src/db/client';
import { loginAs } from '../test/support/login';
import { startOutageProxy } from '../test/support/outage-proxy';
import { createPostgresDatabase } from '../test/support/migrated-copies';
import {
  demoCode,
  expectAcknowledgedPersonalizations,
  freePortish,
  killHard,
  personalizationLoad,
  startServer,
} from './support';

/**
 * PostgreSQL goes away for a few seconds (every connection ended, new ones refused, as in a restart)
 * under a stream of personalizations: meanwhile every request is answered 503 with Retry-After and the
 * Greek "try again" message, never 500, and /readyz says not ready; the log says once that the database
 * is unreachable and once that it is back; every acknowledged write is there afterwards.
 */
const MAX = 110;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.DATABASE_URL)('the database unreachable for a while', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 503 with Retry-After meanwhile, logs it once, and keeps every acknowledged write', async () => {
    const postgres = await createPostgresDatabase();
    cleanups.push(postgres.drop);
    const proxy = await startOutageProxy(postgres.url);
    cleanups.push(proxy.close);
    const logs: string[] = [];
    const port = freePortish();
    const server = await startServer(port, { DATABASE_URL: proxy.url, LOG_LEVEL: 'info' }, logs);
    cleanups.push(() => killHard(server));
    const base = `http://localhost:${port}`;
    const { cookie } = await loginAs(base, '100000003');

    const load = personalizationLoad(base, cookie, demoCode, MAX, { retryRefused: true });
    while (load.acknowledged.length < 20) await sleep(5);
    await proxy.down();
    // Told as soon as a request, an idle connection or the next probe (at most a second after the last,
    // features/health/readiness.ts) meets the outage: until then a check may answer from the probe before.
    const toldBy = Date.now() + 3000;
    while ((await fetch(`${base}/readyz`)).status !== 503 && Date.now() < toldBy) await sleep(50);
    const answeredBefore = load.answers.length;
    const readyWhileDown: number[] = [];
    for (let probe = 0; probe < 10; probe += 1) {
      readyWhileDown.push((await fetch(`${base}/readyz`)).status);
      await sleep(300);
    }
    const answeredWhileDown = load.answers.length - answeredBefore;
    await proxy.up();
    // Every worker is retrying a refused write when the database comes back: the load cannot have
    // ended, and what it acknowledges from now on, the server acknowledged after the outage. (Counted
    // from here, not from /readyz's 200: its probe may come after the load has finished.)
    const acknowledgedWhenUp = load.acknowledged.length;
    const deadline = Date.now() + 20_000;
    while ((await fetch(`${base}/readyz`)).status !== 200 && Date.now() < deadline) await sleep(100);
    const recovered = Math.min(acknowledgedWhenUp + 20, MAX);
    while (load.acknowledged.length < recovered && load.sent() < MAX && Date.now() < deadline) await sleep(5);
    await load.stop();

    expect(readyWhileDown.every((status) => status === 503)).toBe(true);
    expect(answeredWhileDown).toBeGreaterThan(0);
    expect(acknowledgedWhenUp).toBeLessThan(MAX);
    // The server recovered by itself: writes are acknowledged again, and it says it is ready.
    expect(load.acknowledged.length).toBeGreaterThan(acknowledgedWhenUp);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const refused = load.answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(answer.body)).toEqual({
        exceptions: {
          errors: [
            { code: 'SERVICE_UNAVAILABLE', description: errorCatalogue.SERVICE_UNAVAILABLE.description },
          ],
        },
      });
    }
    expect(errorCatalogue.SERVICE_UNAVAILABLE.description).toMatch(/δοκιμάστε ξανά/);
    // Once when it went, once when it came back: not once per request.
    expect(logs.filter((line) => line.includes('the database is unreachable'))).toHaveLength(1);
    // Told by the probe (every 500 ms) once the database answers again.
    for (let wait = 0; wait < 50 && !logs.some((line) => line.includes('reachable again')); wait += 1)
      await sleep(100);
    expect(logs.filter((line) => line.includes('the database is reachable again'))).toHaveLength(1);
    expect(logs.filter((line) => line.includes('request failed')).map((line) => line.slice(0, 600))).toEqual(
      [],
    );

    const reopened = await openDatabase({ kind: 'postgres', url: postgres.url });
    try {
      await expectAcknowledgedPersonalizations(reopened, load.acknowledged);
    } finally {
      await reopened.close();
    }
  });
});
