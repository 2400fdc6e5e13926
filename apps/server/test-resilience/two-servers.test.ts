import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { auditLog, tickets } from '../src/db/schema';
import { jsonFrom, loginAs } from '../test/support/login';
import { demoCode, freePortish, freshPostgres, killHard, personalizationLoad, startServer } from './support';

/**
 * Horizontal scale (docs/design.md §2): two stateless server processes on one PostgreSQL behind
 * nginx. A session made through one works on the other; killing one under write load loses
 * no acknowledged write, and the other goes on serving.
 */
const NGINX = '/usr/sbin/nginx';

describe.runIf(Boolean(process.env.DATABASE_URL))('two servers behind nginx on one PostgreSQL', () => {
  const ports = { a: freePortish(), b: freePortish() + 1, proxy: freePortish() + 2 };
  const base = `http://localhost:${ports.proxy}`;
  let servers: ChildProcess[] = [];
  let nginx: ChildProcess | undefined;
  let postgres: Awaited<ReturnType<typeof freshPostgres>>;

  beforeAll(async () => {
    if (!existsSync(NGINX)) {
      console.warn('nginx is missing: installing Debian’s nginx package with apt-get…');
      execSync('apt-get update -qq && apt-get install -y -qq nginx', { stdio: 'inherit' });
    }
    postgres = await freshPostgres();
    // Both know the public origin is the proxy's: redirects, cookies and the Origin check agree.
    const env = { DATABASE_URL: postgres.url, PUBLIC_URL: base };
    servers = [await startServer(ports.a, env), await startServer(ports.b, env)];
    const prefix = await mkdtemp(path.join(tmpdir(), 'tickets-nginx-'));
    await writeFile(
      path.join(prefix, 'nginx.conf'),
      `daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix}; uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  upstream tickets { server 127.0.0.1:${ports.a} max_fails=1 fail_timeout=30s; server 127.0.0.1:${ports.b} max_fails=1 fail_timeout=30s; }
  server {
    listen 127.0.0.1:${ports.proxy};
    location / { proxy_pass http://tickets; proxy_set_header Host $http_host; proxy_set_header X-Forwarded-For $remote_addr; }
  }
}
`,
    );
    nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (
        await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const server of servers) await killHard(server);
    await postgres?.drop();
  });

  it('keeps a session made on one server valid on the other', async () => {
    const { cookie } = await loginAs(base, '100000015');
    for (const port of [ports.a, ports.b]) {
      const direct = await fetch(`http://localhost:${port}/api/auth/user`, { headers: { cookie } });
      expect(direct.status).toBe(200);
    }
    const through = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${base}/api/auth/user`, { headers: { cookie } })),
    );
    expect(through.map((response) => response.status)).toEqual(Array(10).fill(200));
  });

  it('ends on the other server too a session logged out on one, though both had just read it', async () => {
    const { cookie } = await loginAs(base, '100000040');
    const direct = (port: number) => `http://localhost:${port}`;
    for (const port of [ports.a, ports.b]) {
      expect((await fetch(`${direct(port)}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
    }
    const logout = await fetch(`${direct(ports.a)}/api/auth/logout`, {
      method: 'POST',
      headers: jsonFrom(base, cookie),
    });
    expect(logout.status).toBe(200);
    await expect
      .poll(async () => (await fetch(`${direct(ports.b)}/api/auth/user`, { headers: { cookie } })).status, {
        timeout: 1000,
        interval: 10,
      })
      .toBe(401);
  });

  it('loses no acknowledged write when one server dies under load, and goes on serving', async () => {
    const { cookie } = await loginAs(base, '100000003');
    const load = personalizationLoad(base, cookie, demoCode, 100);
    while (load.acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    await killHard(servers[0] as ChildProcess);
    await load.stop();
    expect(load.acknowledged.length).toBeGreaterThan(20);

    const after = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
    expect(after.status).toBe(200);

    const database = await openDatabase({ kind: 'postgres', url: postgres.url });
    try {
      const bound = await database.db
        .select()
        .from(tickets)
        .where(inArray(tickets.publicCode, load.acknowledged));
      expect(bound.filter((ticket) => ticket.documentId !== null)).toHaveLength(load.acknowledged.length);
      const audited = await database.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.subject, load.acknowledged));
      expect(new Set(audited.map((row) => row.subject))).toEqual(new Set(load.acknowledged));
    } finally {
      await database.close();
    }
  });
});
