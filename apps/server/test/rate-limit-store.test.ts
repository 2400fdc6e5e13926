import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { rateLimitHits } from '../src/db/schema';
import { purgeExpiredRateLimitHits, rateLimitStoreOn } from '../src/shared/rate-limit-store';
import { engines, useTestServer } from './support/test-server';

type Hits = { current: number; ttl: number };
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

describe.each(engines)('the rate limits’ counters on %s', (engine) => {
  const server = useTestServer(engine);
  let store: FastifyRateLimitStore & {
    read(key: string, callback: (error: Error | null, hits?: Hits) => void): void;
  };
  beforeAll(async () => {
    const Store = rateLimitStoreOn(server.database.db);
    store = new Store({}) as typeof store;
  });

  const route = (url: string) =>
    // As the plugin calls it: the route's options, the route itself under routeInfo.
    store.child({ routeInfo: { method: 'GET', url } } as unknown as ChildOptions);
  const hit = (on: FastifyRateLimitStore, key: string, windowMs = 60_000) =>
    new Promise<Hits>((resolve, reject) =>
      on.incr(key, (error, hits) => (error || !hits ? reject(error) : resolve(hits)), windowMs, 10),
    );
  const read = (key: string) =>
    new Promise<Hits>((resolve, reject) =>
      store.read(key, (error, hits) => (error || !hits ? reject(error) : resolve(hits))),
    );

  it('counts every hit once, concurrent ones included, with the time left in the window', async () => {
    const counts = await Promise.all(Array.from({ length: 25 }, () => hit(store, 'naming:a')));
    expect(counts.map((hits) => hits.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    for (const { ttl } of counts) expect(ttl).toBeGreaterThan(55_000);
    expect(await read('naming:a')).toMatchObject({ current: 25 });
    expect(await read('naming:a')).toMatchObject({ current: 25 });
  });

  it('keeps each route’s count apart for the same address', async () => {
    await hit(route('/one'), '192.0.2.1');
    await hit(route('/one'), '192.0.2.1');
    expect((await hit(route('/two'), '192.0.2.1')).current).toBe(1);
    expect((await hit(route('/one'), '192.0.2.1')).current).toBe(3);
  });

  it('starts a new window once the last has ended, and purges ended ones', async () => {
    await hit(store, 'naming:b', 200);
    expect((await hit(store, 'naming:b', 200)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await read('naming:b')).toEqual({ current: 0, ttl: 0 });
    await purgeExpiredRateLimitHits(server.database.db);
    const keys = (await server.database.db.select().from(rateLimitHits)).map((row) => row.key);
    expect(keys).not.toContain('naming:b');
    expect(keys).toContain('naming:a');
    expect((await hit(store, 'naming:b', 200)).current).toBe(1);
  });
});
