import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorCatalogue } from '@tickets/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEMO_PROVIDER_KEYS } from '../src/demo/events';
import { firstError, jsonFrom, loginAs } from './support/login';
import { engines, startSecondServer, useTestServer } from './support/test-server';

/** The login start's allowance per client address and minute (auth/routes.ts). */
const LOGIN_STARTS_PER_MINUTE = 30;
/** Wrong provider keys per client address and minute (providers/routes.ts). */
const FAILED_KEYS_PER_MINUTE = 20;

const startLogin = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/oauth2/authorization/taxis`, { redirect: 'manual', headers });

const putWithKey = (base: string, key: string) =>
  fetch(`${base}/api/providers/events`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: '{"events":[{}]}',
  });

describe('rate limits', () => {
  const server = useTestServer('pglite');
  let cookie: string;
  beforeAll(async () => {
    // Before the flood of login starts below uses up their allowance.
    cookie = (await loginAs(server.baseUrl, '100000003')).cookie;
  });

  it('answers a flood of login starts with 429 and the Greek envelope', async () => {
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 35 && !limited; i++) {
      const response = await fetch(`${server.baseUrl}/oauth2/authorization/taxis`, { redirect: 'manual' });
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    expect(statuses.slice(0, 25).every((status) => status === 302)).toBe(true);
    expect(limited?.status).toBe(429);
    expect(await firstError(limited as Response)).toEqual({
      code: 'RATE_LIMITED',
      description: errorCatalogue.RATE_LIMITED.description,
    });
  });

  it('answers repeated wrong provider keys with 429, never a right key, and never counts right ones', async () => {
    const put = (key: string) =>
      fetch(`${server.baseUrl}/api/providers/events`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        // One bad row: answered 200 with the row rejected, and nothing written.
        body: '{"events":[{}]}',
      });
    const rightKey = DEMO_PROVIDER_KEYS['kae-akropoli'];
    for (let i = 0; i < 30; i++) expect((await put(rightKey)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 30 && statuses.at(-1) !== 429; i++) {
      statuses.push((await put(`wrong-provider-key-${i}`)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // A right key still goes through (192 random bits: no guess ever is one); wrong ones stay refused.
    expect((await put(rightKey)).status).toBe(200);
    const limited = await put('wrong-provider-key-again');
    expect(limited.status).toBe(429);
    expect((await firstError(limited))?.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it.each([
    ['stats lookups', 'POST', '/api/stats/ticket?code=301000000001', undefined, 120],
    ['suspension searches', 'POST', '/api/blackList-administration/search', { afm: '100000039' }, 60],
  ])('limits %s per minute, with a Greek answer', async (_name, method, path, body, limit) => {
    const call = () =>
      fetch(`${server.baseUrl}${path}`, {
        method,
        headers: jsonFrom(server.baseUrl, cookie),
        body: body ? JSON.stringify(body) : undefined,
      });
    for (let i = 0; i < limit; i++) expect((await call()).status).not.toBe(429);
    const limited = await call();
    expect(limited.status).toBe(429);
    const text = await limited.text();
    expect(text).toMatch(/[\u0370-\u03ff]/);
  });
});

describe('the client address behind a proxy', () => {
  const server = useTestServer('pglite');
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  /** A production-profile app on the test database, reached at 127.0.0.1 (no proxy in between). */
  const productionApp = async (environment: Record<string, string>) => {
    const app = await buildApp({
      config: { ...loadConfig({ DATA_DIR: 'memory', ...environment }), profile: 'production' },
      database: server.database,
      logStream: { write: () => undefined },
    });
    apps.push(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  };

  it('is the connection’s own when TRUSTED_PROXIES is unset, whatever X-Forwarded-For claims', async () => {
    const base = await productionApp({});
    for (let i = 0; i < LOGIN_STARTS_PER_MINUTE; i++) {
      expect((await startLogin(base, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(302);
    }
    expect((await startLogin(base, { 'x-forwarded-for': '203.0.113.200' })).status).toBe(429);
  });

  it('is the one X-Forwarded-For names when the connection comes from a trusted proxy', async () => {
    const base = await productionApp({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' });
    for (let i = 0; i < LOGIN_STARTS_PER_MINUTE + 5; i++) {
      expect((await startLogin(base, { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(302);
    }
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_STARTS_PER_MINUTE; i++) {
      statuses.push((await startLogin(base, { 'x-forwarded-for': '192.0.2.1' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 302)).toHaveLength(LOGIN_STARTS_PER_MINUTE);
  });
});

describe.runIf(engines.includes('postgres'))('rate limits of two servers on one PostgreSQL', () => {
  const first = useTestServer('postgres');
  let second: Awaited<ReturnType<typeof startSecondServer>>;
  beforeAll(async () => {
    second = await startSecondServer(first);
  });
  afterAll(async () => {
    await second.close();
  });

  const alternately = (i: number) => (i % 2 === 0 ? first.baseUrl : second.baseUrl);

  it('share one allowance of login starts, calls split across both', async () => {
    for (let i = 0; i < LOGIN_STARTS_PER_MINUTE; i++)
      expect((await startLogin(alternately(i))).status).toBe(302);
    expect((await startLogin(first.baseUrl)).status).toBe(429);
    expect((await startLogin(second.baseUrl)).status).toBe(429);
  });

  it('share one allowance of wrong provider keys', async () => {
    for (let i = 0; i < FAILED_KEYS_PER_MINUTE; i++) {
      expect((await putWithKey(alternately(i), `wrong-provider-key-${i}`)).status).toBe(401);
    }
    expect((await putWithKey(first.baseUrl, 'wrong-provider-key-again')).status).toBe(429);
    expect((await putWithKey(second.baseUrl, 'wrong-provider-key-again')).status).toBe(429);
    // A key that verifies is never refused for others' wrong ones.
    const rightKey = DEMO_PROVIDER_KEYS['kae-akropoli'];
    expect((await putWithKey(first.baseUrl, rightKey)).status).not.toBe(429);
    expect((await putWithKey(second.baseUrl, rightKey)).status).not.toBe(429);
  });
});
