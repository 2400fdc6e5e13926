import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POOL_CONNECTIONS } from '../src/db/client';
import { READINESS_PROBE_INTERVAL_MS } from '../src/features/health/readiness';
import { useTestServer } from './support/test-server';

/**
 * `/readyz` while every pooled PostgreSQL connection is busy (a match's queue, issue #51): the
 * balancer's check is answered from what the process knows, not after the queued requests, so a busy
 * process is not taken out of the rotation; the probe it started gets through once the pool frees.
 */
describe.skipIf(!process.env.DATABASE_URL)('readiness on postgres', () => {
  const server = useTestServer('postgres');
  const ready = async () => (await fetch(`${server.baseUrl}/readyz`)).status;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('answers ready while every pooled connection is held, without waiting for them', async () => {
    expect(await ready()).toBe(200);
    let released = false;
    const held = Promise.all(
      Array.from({ length: POOL_CONNECTIONS }, () => server.database.db.execute(sql`select pg_sleep(3)`)),
    ).then(() => {
      released = true;
    });
    const during: { status: number; released: boolean }[] = [];
    during.push({ status: await ready(), released });
    // Past the probe interval: this check starts a probe, which waits in the pool's queue.
    await sleep(READINESS_PROBE_INTERVAL_MS + 100);
    during.push({ status: await ready(), released });
    during.push({ status: await ready(), released });
    await held;
    expect(during).toEqual([
      { status: 200, released: false },
      { status: 200, released: false },
      { status: 200, released: false },
    ]);
    await sleep(READINESS_PROBE_INTERVAL_MS + 100);
    expect(await ready()).toBe(200);
  });
});
