import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './support/login';
import { buildProductionApp, PRODUCTION_SITE, useTestServer } from './support/test-server';

describe('the web app’s server', () => {
  // A built web app of one page: the SPA's fallback answers every unknown page with it.
  const distDir = mkdtempSync(path.join(tmpdir(), 'tickets-web-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>SPA</title>');
  const server = useTestServer('pglite', { WEB_DIST_DIR: distDir });

  it('tells every robot to stay out, as plain text (not the SPA’s page)', async () => {
    const response = await fetch(`${server.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('still answers other pages with the SPA', async () => {
    const response = await fetch(`${server.baseUrl}/tickets/mine`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<title>SPA</title>');
  });
});

describe('another loopback name than the public origin’s, in development', () => {
  const server = useTestServer('pglite');
  let port: string;
  beforeAll(async () => {
    port = new URL(server.baseUrl).port;
  });

  const get = (url: string, host: string) =>
    server.app.inject({ method: 'GET', url, headers: { host } }).then((response) => ({
      status: response.statusCode,
      location: response.headers.location,
    }));

  it('sends pages and the login start to the same path on the public origin', async () => {
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`, `127.0.0.2:${port}`]) {
      expect(await get('/tickets/mine?x=1', host)).toEqual({
        status: 307,
        location: `http://localhost:${port}/tickets/mine?x=1`,
      });
      expect(await get('/oauth2/authorization/taxis?return_to=/ticket-office', host)).toEqual({
        status: 307,
        location: `http://localhost:${port}/oauth2/authorization/taxis?return_to=/ticket-office`,
      });
    }
  });

  it('a login started on 127.0.0.1 goes on, and ends signed in, on the public origin', async () => {
    const start = await fetch(`http://127.0.0.1:${port}/oauth2/authorization/taxis?login_hint=100000040`, {
      redirect: 'manual',
    });
    const onPublicOrigin = start.headers.get('location') as string;
    expect(onPublicOrigin.startsWith(`${server.baseUrl}/`)).toBe(true);
    const { cookie } = await loginAs(server.baseUrl, '100000040');
    const user = await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
  });

  it('leaves the public origin, the API, the probes and other hosts alone', async () => {
    expect((await get('/tickets', `localhost:${port}`)).status).not.toBe(307);
    expect((await get('/api/auth/user', `127.0.0.1:${port}`)).status).toBe(401);
    expect((await get('/healthz', `127.0.0.1:${port}`)).status).toBe(200);
    expect((await get('/tickets', `tickets.example.gov.gr`)).status).not.toBe(307);
  });
});

describe('another loopback name, in production', () => {
  const server = useTestServer('pglite');
  it('is not redirected (PUBLIC_URL names the origin there)', async () => {
    const production = await buildProductionApp(server.database, PRODUCTION_SITE, server.config);
    try {
      const response = await production.inject({ url: '/tickets', headers: { host: '127.0.0.1:8080' } });
      expect(response.statusCode).not.toBe(307);
    } finally {
      await production.close();
    }
  });
});
