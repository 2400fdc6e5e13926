import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

describe('the web app’s server', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A built web app of one page: the SPA's fallback answers every unknown page with it.
    const distDir = await mkdtemp(path.join(tmpdir(), 'tickets-web-'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>SPA</title>');
    server = await startTestServer('pglite', { WEB_DIST_DIR: distDir });
  });
  afterAll(() => server.close());

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
