import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@tickets/domain';
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
