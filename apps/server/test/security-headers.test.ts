import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildProductionApp, PRODUCTION_SITE, useTestServer } from './support/test-server';

describe('security headers', () => {
  const server = useTestServer('pglite');
  let production: FastifyInstance;
  beforeAll(async () => {
    // The production profile's app on the same database (no listening, no stand-in).
    production = await buildProductionApp(server.database, PRODUCTION_SITE);
  });
  afterAll(async () => {
    await production.close();
  });

  it('sends pages a CSP without inline scripts, no framing, and a strict referrer policy', async () => {
    // /healthz stands for every non-API answer (the web app, the stand-in's pages): the same headers.
    const response = await fetch(`${server.baseUrl}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets no API answer run anything, be framed or be cached, errors included', async () => {
    for (const [url, status] of [
      ['/api/auth/user', 401],
      ['/api/no-such-route', 404],
      // The router decodes `%61` to `a`: the same routes, so the same headers.
      ['/%61pi/auth/user', 401],
      ['/%61pi/no-such-route', 404],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS in the production profile and serves no TaxisNet stand-in there', async () => {
    const health = await production.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const api = await production.inject({ method: 'GET', url: '/api/auth/user' });
    expect(api.headers['strict-transport-security']).toBe(health.headers['strict-transport-security']);
    const standIn = await production.inject({ method: 'GET', url: '/oauth2server/oauth/authorize' });
    expect(standIn.statusCode).toBe(404);
    const docs = await production.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(404);
  });
});
