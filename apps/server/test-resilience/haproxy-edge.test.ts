import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LOGIN_PATH } from '@tickets/domain';
import { createPostgresDatabase } from '../test/support/migrated-copies';
import { HAPROXY, freePortish, killHard, repoRoot, startServer } from './support';

const CONFIG = path.join(repoRoot, 'deploy/haproxy.cfg');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The edge (issue #54): deploy/haproxy.cfg as the repository has it, before one server process with
 * the README's TRUSTED_PROXIES=127.0.0.1 and its rate limits on. The client's address the server
 * counts by is the one it connects from, whatever X-Forwarded-For it sends, even from an address the
 * server trusts; behind a declared TLS terminator, the terminator's header and no one else's. Every
 * request is logged with the server that answered it, and HAProxy's own exporter, on loopback, tells
 * which servers are up. The backend's other two server lines name ports nothing listens on: app1
 * answers everything, and the exporter shows two servers down.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('the edge: deploy/haproxy.cfg before the platform', () => {
  const first = freePortish();
  const [
    port,
    healthPort,
    deadPort2,
    deadPort3,
    deadHealth2,
    deadHealth3,
    edgePort,
    behindPort,
    metricsPort,
  ] = Array.from({ length: 9 }, (_, i) => first + i) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  /** The TLS terminator's address in the second HAProxy's environment. */
  const TERMINATOR = '127.0.0.2';
  const balancerEnv = {
    TICKETS_SERVER_1: `127.0.0.1:${port}`,
    TICKETS_SERVER_2: `127.0.0.1:${deadPort2}`,
    TICKETS_SERVER_3: `127.0.0.1:${deadPort3}`,
    TICKETS_HEALTH_PORT_1: String(healthPort),
    TICKETS_HEALTH_PORT_2: String(deadHealth2),
    TICKETS_HEALTH_PORT_3: String(deadHealth3),
  };
  let server: ChildProcess | undefined;
  const balancers: ChildProcess[] = [];
  /** The edge HAProxy's standard output and error, line by line: its request log. */
  const edgeLog: string[] = [];
  const serverLog: string[] = [];
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;

  const startHaproxy = async (env: Record<string, string>, bind: number, log?: string[]) => {
    const child = spawn(HAPROXY, ['-db', '-f', CONFIG], {
      env: { ...process.env, ...balancerEnv, TICKETS_BIND: `127.0.0.1:${bind}`, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    balancers.push(child);
    const lines = log ?? [];
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (
        await fetch(`http://127.0.0.1:${bind}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await sleep(100);
    }
    throw new Error(`HAProxy on ${bind} did not answer:\n${lines.join('\n')}`);
  };

  /**
   * The login's start (30 a minute per client address), from `from`, with a header of its own; for the
   * public origin's host, as a terminator passes it on (else the server sends the client there).
   */
  const loginStart = (bind: number, from: string, forwardedFor?: string, more: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(
        `http://127.0.0.1:${bind}${LOGIN_PATH}`,
        {
          localAddress: from,
          agent: false,
          headers: {
            host: `127.0.0.1:${edgePort}`,
            ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
            ...more,
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
    });

  /** The login start's rate-limit counters in the database, by the client address each counts for. */
  const loginCounters = async () => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string; count: number }>(
        'select key, count from rate_limit_hits where key like $1 order by key',
        [`GET ${LOGIN_PATH} %`],
      );
      return Object.fromEntries(rows.map((row) => [row.key.slice(`GET ${LOGIN_PATH} `.length), row.count]));
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    const base = `http://127.0.0.1:${edgePort}`;
    server = await startServer(
      port,
      {
        DATABASE_URL: postgres.url,
        PUBLIC_URL: base,
        TRUSTED_PROXIES: '127.0.0.1',
        RATE_LIMITS: 'true',
        HEALTH_PORT: String(healthPort),
      },
      serverLog,
    );
    await startHaproxy({ TICKETS_HAPROXY_METRICS_PORT: String(metricsPort) }, edgePort, edgeLog);
    await startHaproxy({ TICKETS_TLS_TERMINATOR: TERMINATOR }, behindPort);
  });

  afterAll(async () => {
    for (const balancer of balancers) await killHard(balancer);
    if (server) await killHard(server);
    await postgres?.drop();
  });

  it('limits a client forging X-Forwarded-For from a trusted address by its real one; the forged ones count for nothing', async () => {
    // 127.0.0.1 is in the server's TRUSTED_PROXIES (as a TLS terminator on the machine would be): with
    // HAProxy appending to the client's header, the server took each forged value for the client.
    const statuses: number[] = [];
    for (let sent = 1; sent <= 31; sent += 1)
      statuses.push(await loginStart(edgePort, '127.0.0.1', `203.0.113.${sent}`));
    expect(
      statuses.slice(0, 30).filter((status) => status === 429),
      serverLog.join('\n'),
    ).toEqual([]);
    expect(statuses[30]).toBe(429);
    // A header naming one address only, or several, changes nothing either.
    expect(await loginStart(edgePort, '127.0.0.1', '198.51.100.1, 198.51.100.2')).toBe(429);
    const counters = await loginCounters();
    expect(counters).toEqual({ '127.0.0.1': 32 });
  });

  it('behind a declared TLS terminator, takes the address from its header, and from no one else’s', async () => {
    // The terminator (connecting from its address) sets the client's address it saw.
    expect(await loginStart(behindPort, TERMINATOR, '198.51.100.7')).toBe(302);
    // A client reaching this HAProxy from anywhere else is its own address, whatever it claims, and
    // its claim of another host is dropped too (believed, it would be sent to the public origin: 307).
    expect(
      await loginStart(behindPort, '127.0.0.3', '198.51.100.8', { 'x-forwarded-host': 'localhost:1' }),
    ).toBe(302);
    const counters = await loginCounters();
    expect(counters['198.51.100.7']).toBe(1);
    expect(counters['127.0.0.3']).toBe(1);
    expect(counters['198.51.100.8']).toBeUndefined();
    // Nor is the terminator's own address anyone's.
    expect(counters[TERMINATOR]).toBeUndefined();
  });

  it('logs each request with the server that answered, its status and timings, and never its query', async () => {
    const response = await new Promise<number>((resolve, reject) => {
      http
        .get(
          `http://127.0.0.1:${edgePort}/healthz?login_hint=100000040`,
          { localAddress: '127.0.0.9', agent: false },
          (answer) => {
            answer.resume();
            resolve(answer.statusCode ?? 0);
          },
        )
        .on('error', reject);
    });
    expect(response).toBe(200);
    // "<client>:<port> [<date>] tickets servers/<server> TR/Tw/Tc/Tr/Ta <status> <bytes> … "GET <path> HTTP/1.1""
    const line =
      /^127\.0\.0\.9:\d+ \[[^\]]+\] tickets (\S+)\/(\S+) (\d+)\/(\d+)\/(\d+)\/(\d+)\/(\d+) (\d{3}) .* "GET (\S+) HTTP\/1\.1"$/;
    let found: RegExpExecArray | null = null;
    const deadline = Date.now() + 5000;
    while (!found && Date.now() < deadline) {
      found = edgeLog.map((entry) => line.exec(entry)).find(Boolean) ?? null;
      if (!found) await sleep(50);
    }
    expect(found, edgeLog.join('\n')).not.toBeNull();
    const [, backend, answeredBy, , , , , total, status, logged] = found as RegExpExecArray;
    expect([backend, answeredBy, status, logged]).toEqual(['servers', 'app1', '200', '/healthz']);
    expect(Number(total)).toBeGreaterThanOrEqual(0);
    // The login starts above are logged too, each with its status: the 429s among them.
    expect(
      edgeLog.filter((entry) => / 429 .*"GET \/oauth2\/authorization\/taxis HTTP/.test(entry)).length,
    ).toBe(2);
    expect(edgeLog.join('\n')).not.toContain('100000040');
  });

  it("serves HAProxy's own metrics on loopback: the backend's servers, one up and two down", async () => {
    // The two dead lines are down after two failed checks a second apart.
    let metrics = '';
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      if (/^haproxy_backend_active_servers\{proxy="servers"\} 1$/m.test(metrics)) break;
      await sleep(250);
    }
    expect(metrics).toMatch(/^haproxy_backend_active_servers\{proxy="servers"\} 1$/m);
    expect(metrics).toMatch(/^haproxy_server_status\{proxy="servers",server="app1",state="UP"\} 1$/m);
    expect(metrics).toMatch(/^haproxy_server_status\{proxy="servers",server="app2",state="DOWN"\} 1$/m);
    expect(metrics).toMatch(/^haproxy_server_status\{proxy="servers",server="app3",state="DOWN"\} 1$/m);
    // Nowhere but on loopback: this machine's other addresses refuse it.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (outside) await expect(fetch(`http://${outside.address}:${metricsPort}/metrics`)).rejects.toThrow();
  });

  it('checks the configuration with the variables the README gives, with and without a TLS terminator', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const command = /^(TICKETS_[\s\S]*?)haproxy -c -f deploy\/haproxy\.cfg/m.exec(readme)?.[1] ?? '';
    const variables = Object.fromEntries(
      [...command.matchAll(/(TICKETS_\w+)=(\S+)/g)].map((m) => [m[1], m[2]]),
    );
    expect(Object.keys(variables)).toContain('TICKETS_HAPROXY_METRICS_PORT');
    const terminator = /`TICKETS_TLS_TERMINATOR=(\S+)`/.exec(readme)?.[1];
    expect(terminator).toBeDefined();
    for (const extra of [{}, { TICKETS_TLS_TERMINATOR: terminator as string }]) {
      // Only the README's variables: none of this test's own.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith('TICKETS_')),
      );
      const checked = spawnSync(HAPROXY, ['-c', '-f', CONFIG], { env: { ...env, ...variables, ...extra } });
      expect(checked.status, checked.stderr.toString()).toBe(0);
    }
  });
});
