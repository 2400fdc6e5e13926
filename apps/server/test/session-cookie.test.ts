import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildProductionApp, useTestServer } from './support/test-server';

/** The session cookie of each profile, as the browser is told to keep it. */
const CITIZEN = '100000040';

async function login(base: string): Promise<string[]> {
  const start = await fetch(`${base}/oauth2/authorization/taxis?login_hint=${CITIZEN}`, {
    redirect: 'manual',
  });
  const state = start.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('tickets_login_state='));
  const authorize = await fetch(start.headers.get('location') as string, { redirect: 'manual' });
  const callback = await fetch(authorize.headers.get('location') as string, {
    redirect: 'manual',
    headers: { cookie: state ?? '' },
  });
  return callback.headers.getSetCookie();
}

describe('the session cookie', () => {
  const server = useTestServer('pglite');
  let production: FastifyInstance;
  let productionBase: string;
  beforeAll(async () => {
    // The production profile's app on the same database, signing in through the stand-in.
    production = await buildProductionApp(server.database);
    await production.listen({ host: 'localhost', port: 0 });
    productionBase = production.publicUrl();
  });
  afterAll(async () => {
    await production.close();
  });

  const getUser = (base: string, cookie: string) => fetch(`${base}/api/auth/user`, { headers: { cookie } });

  it('is __Host-tickets_session in production: Secure, Path=/, no Domain', async () => {
    const header = (await login(productionBase)).find((value) => value.includes('tickets_session='));
    expect(header).toMatch(/^__Host-tickets_session=[^;]+;/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    const pair = header?.split(';')[0] ?? '';
    expect((await getUser(productionBase, pair)).status).toBe(200);
    // The unprefixed name, which a subdomain or a plain-http page could plant, is not read.
    expect((await getUser(productionBase, pair.replace('__Host-', ''))).status).toBe(401);

    const logout = await fetch(`${productionBase}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: productionBase, 'content-type': 'application/json', cookie: pair },
    });
    const cleared = logout.headers
      .getSetCookie()
      .find((value) => value.startsWith('__Host-tickets_session='));
    expect(cleared).toMatch(/; Secure/);
    expect((await getUser(productionBase, pair)).status).toBe(401);
  });

  it('keeps its plain name in development over http', async () => {
    const header = (await login(server.baseUrl)).find((value) => value.includes('tickets_session='));
    expect(header).toMatch(/^tickets_session=[^;]+;/);
    expect(header).not.toMatch(/; Secure/);
    expect((await getUser(server.baseUrl, header?.split(';')[0] ?? '')).status).toBe(200);
  });
});
