import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@tickets/domain';
import { DEMO_PROVIDER_KEYS } from '../src/demo/events';
import { firstError, jsonFrom, loginAs } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

describe('rate limits', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    // Before the flood of login starts below uses up their allowance.
    cookie = (await loginAs(server.baseUrl, '100000003')).cookie;
  });
  afterAll(() => server.close());

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

  it('answers repeated wrong provider keys with 429, a right key included, but never counts right ones', async () => {
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
    // Once refused, a guess is not even checked: a right one would give itself away.
    const limited = await put(rightKey);
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
