import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@tickets/domain';
import { firstError } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
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
    expect(statuses.slice(0, 30).every((status) => status === 302)).toBe(true);
    expect(limited?.status).toBe(429);
    expect(await firstError(limited as Response)).toEqual({
      code: 'RATE_LIMITED',
      description: errorCatalogue.RATE_LIMITED.description,
    });
  });
});
