import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  applyManifestDelta,
  isManifestDelta,
  type GateManifest,
  type GateManifestDelta,
} from '@tickets/domain';
import { DEMO_PEOPLE } from '../src/demo/seed';
import { DEMO_GATE_DEVICES } from '../src/demo/played-match';
import { jsonFrom, loginAs } from '../test/support/login';
import { createPostgresDatabase } from '../test/support/migrated-copies';
import {
  claimantsSql,
  claimBody,
  claimToken,
  LOAD_EVENTS,
  pushLoadEvents,
  timed,
  TICKETS,
  workers,
  type Sent,
} from './balanced-load';
import { HAPROXY, freePortish, killHard, repoRoot, startServer } from './support';

const CONFIG = path.join(repoRoot, 'deploy/haproxy.cfg');
/** The club officer of ae-olympiada, whose club the load's events are. */
const OFFICER = '100000015';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Horizontal scale (docs/design.md §2) through the repository's own balancer, deploy/haproxy.cfg:
 * three server processes on one PostgreSQL, started at the same moment on a fresh database with the
 * demo data; sessions and rate limits shared; under a load of ticket-office bindings, wallet claims
 * and gate scans one process is killed and another redeployed (SIGTERM, started again).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('three processes behind HAProxy on one PostgreSQL', () => {
  const first = freePortish();
  const ports = [first, first + 1, first + 2];
  const balancerPort = first + 3;
  /** Each process's HEALTH_PORT, where HAProxy checks it. */
  const healthPorts = [first + 4, first + 5, first + 6];
  const envOf = (index: number) => ({ ...serverEnv, HEALTH_PORT: String(healthPorts[index]) });
  const base = `http://localhost:${balancerPort}`;
  const direct = (index: number) => `http://localhost:${ports[index]}`;
  const servers: (ChildProcess | undefined)[] = [];
  const logs: string[][] = [[], [], []];
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let started: PromiseSettledResult<ChildProcess>[] = [];
  let serverEnv: Record<string, string> = {};
  let haproxy: ChildProcess | undefined;
  const haproxyLog: string[] = [];
  const balancerEnv = {
    TICKETS_BIND: `127.0.0.1:${balancerPort}`,
    TICKETS_SERVER_1: `127.0.0.1:${ports[0]}`,
    TICKETS_SERVER_2: `127.0.0.1:${ports[1]}`,
    TICKETS_SERVER_3: `127.0.0.1:${ports[2]}`,
    TICKETS_HEALTH_PORT_1: String(healthPorts[0]),
    TICKETS_HEALTH_PORT_2: String(healthPorts[1]),
    TICKETS_HEALTH_PORT_3: String(healthPorts[2]),
  };
  const query = async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    serverEnv = {
      DATABASE_URL: postgres.url,
      // Every process knows the public origin is the balancer's: redirects, cookies and the Origin check agree.
      PUBLIC_URL: base,
      TRUSTED_PROXIES: '127.0.0.1',
      RATE_LIMITS: 'true',
      // The production default, which deploy/haproxy.cfg's health check is made for.
      SHUTDOWN_DRAIN_SECONDS: '5',
      GATE_MANIFEST_REBUILD_SECONDS: '0',
    };
    started = await Promise.allSettled(
      ports.map((port, index) => startServer(port, envOf(index), logs[index])),
    );
    started.forEach((result, index) => {
      if (result.status === 'fulfilled') servers[index] = result.value;
    });
    haproxy = spawn(HAPROXY, ['-db', '-f', CONFIG], {
      env: { ...process.env, ...balancerEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [haproxy.stdout, haproxy.stderr])
      stream?.on('data', (chunk: Buffer) => haproxyLog.push(chunk.toString()));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const ready = await fetch(`${base}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await sleep(100);
    }
  });

  afterAll(async () => {
    haproxy?.kill('SIGKILL');
    for (const server of servers) if (server) await killHard(server);
    await postgres?.drop();
  });

  it('starts all three at the same moment on a fresh database, and the demo data is there once', async () => {
    const failed = started.flatMap((result, index) =>
      result.status === 'rejected' ? [`${String(result.reason)}\n${(logs[index] ?? []).join('\n')}`] : [],
    );
    expect(failed).toEqual([]);
    const demoAfms = Object.values(DEMO_PEOPLE).flatMap((person) => (person.afm ? [person.afm] : []));
    const citizens = await query(
      'select afm, count(*)::int as n from citizens where afm = any($1) group by afm order by afm',
      [demoAfms],
    );
    expect(citizens).toEqual([...demoAfms].sort().map((afm) => ({ afm, n: 1 })));
    // The demo people's wallet tickets, companion requests and their notifications: each written once.
    // A gate's refusal names no ticket (a code no ticket has, or one uploaded offline: only its digest
    // is kept), so the played match's several refusals share their subject: its devices, which it
    // pairs once with the labels below, are what a second played match would repeat.
    const repeated = await query(
      `select action, subject, count(*)::int as n from audit_log where request_id = 'demo-data'
       and action not like 'PROVIDER_%' and not (action = 'GATE_REFUSE' and subject is null)
       group by action, subject having count(*) > 1`,
    );
    expect(repeated).toEqual([]);
    const devices = await query(
      'select label, count(*)::int as n from gate_devices where label = any($1) group by label order by label',
      [DEMO_GATE_DEVICES],
    );
    expect(devices).toEqual([...DEMO_GATE_DEVICES].sort().map((label) => ({ label, n: 1 })));
    const notifications = await query(
      `select kind, params::text, count(*)::int as n from notifications group by kind, params::text`,
    );
    expect(notifications.length).toBeGreaterThan(0);
    expect(notifications.filter((row: { n: number }) => row.n !== 1)).toEqual([]);
    const events = await query(`select count(*)::int as n from events where external_id = 'demo-derby'`);
    expect(events).toEqual([{ n: 1 }]);
  });

  it('checks the repository’s configuration as HAProxy reads it, and refuses it with a variable unset', () => {
    const checked = spawnSync(HAPROXY, ['-c', '-f', CONFIG], { env: { ...process.env, ...balancerEnv } });
    expect(checked.status, checked.stderr.toString()).toBe(0);
    const { TICKETS_SERVER_3: _, ...missing } = balancerEnv;
    const refused = spawnSync(HAPROXY, ['-c', '-f', CONFIG], { env: { ...process.env, ...missing } });
    expect(refused.status).not.toBe(0);
    // A process's health port too: a check on the public port would wait behind its requests.
    const { TICKETS_HEALTH_PORT_3: __, ...unchecked } = balancerEnv;
    const uncheckedRefused = spawnSync(HAPROXY, ['-c', '-f', CONFIG], {
      env: { ...process.env, ...unchecked },
    });
    expect(uncheckedRefused.status).not.toBe(0);
  });

  it('keeps a session made through one process valid on the others, and ends it on all at logout', async () => {
    const { cookie } = await loginAs(base, '100000040');
    for (const index of [0, 1, 2]) {
      const response = await fetch(`${direct(index)}/api/auth/user`, { headers: { cookie } });
      expect(response.status).toBe(200);
    }
    const through = await Promise.all(
      Array.from({ length: 9 }, () => fetch(`${base}/api/auth/user`, { headers: { cookie } })),
    );
    expect(through.map((response) => response.status)).toEqual(Array(9).fill(200));
    const logout = await fetch(`${direct(0)}/api/auth/logout`, {
      method: 'POST',
      headers: jsonFrom(base, cookie),
    });
    expect(logout.status).toBe(200);
    for (const index of [1, 2])
      await expect
        .poll(async () => (await fetch(`${direct(index)}/api/auth/user`, { headers: { cookie } })).status, {
          timeout: 1000,
          interval: 10,
        })
        .toBe(401);
  });

  it('counts a rate limit once across the three, per client address HAProxy forwards, never per forged header', async () => {
    // The login's start allows 30 a minute per address (features/auth/routes.ts). Each client connects
    // from an address of its own on loopback, which HAProxy sets as X-Forwarded-For.
    const loginStart = (from: string, forwardedFor?: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(
          `${base}/oauth2/authorization/taxis?login_hint=100000040`,
          {
            localAddress: from,
            agent: false,
            headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
      });
    const statuses: number[] = [];
    for (let sent = 0; sent < 31; sent += 1) statuses.push(await loginStart('127.0.0.5', '203.0.113.9'));
    expect(statuses.slice(0, 30).filter((status) => status === 429)).toEqual([]);
    expect(statuses[30]).toBe(429);
    // Another address naming the limited one, or the forged one, in its own header is not limited.
    expect(await loginStart('127.0.0.6', '127.0.0.5')).not.toBe(429);
    expect(await loginStart('127.0.0.7', '203.0.113.9')).not.toBe(429);
  });

  it('loses nothing acknowledged, admits no ticket twice and fails no request in a rolling restart, when one process is killed under load', async () => {
    const officer = (await loginAs(base, OFFICER)).cookie;
    await pushLoadEvents(base);
    for (const [text, values] of claimantsSql(TICKETS)) await query(text, values);
    const [gateEvent] = await query(`select id::int from events where external_id = $1`, [
      LOAD_EVENTS.gate.externalId,
    ]);
    const eventId = (gateEvent as { id: number }).id;
    const registered = await fetch(`${base}/api/ticket-office/gate-devices`, {
      method: 'POST',
      headers: jsonFrom(base, officer),
      body: JSON.stringify({ label: 'Θύρα 3 - φόρτος' }),
    });
    expect(registered.status).toBe(200);
    const pairing = (await registered.json()) as { token: string };
    const paired = await fetch(`${base}/api/gate/pairing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pairing.token}` },
    });
    expect(paired.status).toBe(200);
    const device = ((await paired.json()) as { credential: string }).credential;

    const sent: Sent[] = [];
    const personalize = (publicCode: string, n: number) =>
      timed(sent, 'personalize', publicCode, () =>
        fetch(`${base}/api/ticket-office/personalize`, {
          method: 'POST',
          headers: jsonFrom(base, officer),
          body: JSON.stringify({
            ticketCode: publicCode,
            firstName: 'ΜΑΡΙΑ',
            lastName: 'ΚΡΑΣΗ',
            documentType: 'PASSPORT',
            documentId: `Φ${n}`,
          }),
        }),
      );
    const office = workers(TICKETS, 3, 60, async (n) => {
      await personalize(LOAD_EVENTS.office.codeOf(n), n);
    });
    const claims = workers(TICKETS, 3, 60, async (n) => {
      const publicCode = LOAD_EVENTS.claims.codeOf(n);
      await timed(sent, 'claim', publicCode, () =>
        fetch(`${base}/api/wallet/tickets`, {
          method: 'POST',
          headers: jsonFrom(base, `tickets_session=${claimToken(n)}`),
          body: claimBody(publicCode),
        }),
      );
    });
    // Each gate ticket bound (a change to the match's manifest), then scanned twice: admitted once.
    const gate = workers(TICKETS, 2, 60, async (n) => {
      const publicCode = LOAD_EVENTS.gate.codeOf(n);
      const bound = await personalize(publicCode, TICKETS + n);
      if (bound.status !== 200) return;
      const { privateCode } = JSON.parse(bound.body) as { privateCode: string };
      for (let scan = 0; scan < 2; scan += 1)
        await timed(sent, 'scan', publicCode, () =>
          fetch(`${base}/api/gate/admissions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${device}`, 'content-type': 'application/json' },
            body: JSON.stringify({ eventId, code: privateCode }),
          }),
        );
    });
    // The device keeps its manifest current by polling with the copy it holds.
    let held: { manifest: GateManifest; entityTag: string } | undefined;
    let polling = true;
    const polls = (async () => {
      while (polling) {
        const answer = await timed(sent, 'manifest', '', () =>
          fetch(
            `${base}/api/gate/manifest?eventId=${eventId}` +
              (held ? `&salt=${held.manifest.salt}&revision=${held.manifest.revision}` : ''),
            {
              headers: {
                authorization: `Bearer ${device}`,
                ...(held ? { 'if-none-match': held.entityTag } : {}),
              },
            },
          ),
        );
        if (answer.status === 200) {
          const document: unknown = JSON.parse(answer.body);
          const delta = isManifestDelta(document);
          answer.key = delta ? 'delta' : 'whole';
          const manifest = delta
            ? (applyManifestDelta(
                held?.manifest as GateManifest,
                document as GateManifestDelta,
              ) as GateManifest)
            : (document as GateManifest);
          held = { manifest, entityTag: answer.etag };
        } else answer.key = String(answer.status);
        await sleep(300);
      }
    })();

    const startedAt = Date.now();
    await sleep(2500);
    const killedAt = Date.now();
    await killHard(servers[0] as ChildProcess);
    // A process takes a moment to die: until it is gone, the system still accepts connections for it.
    const goneAt = Date.now();
    await sleep(2000);
    // The rolling deploy of the second process: SIGTERM, its exit, started again and back in rotation.
    const restarted = servers[1] as ChildProcess;
    const exited = new Promise<number | null>((resolve) => restarted.once('exit', (code) => resolve(code)));
    const terminatedAt = Date.now();
    restarted.kill('SIGTERM');
    // Draining: out of the balancer's rotation by its health check, still answering the rest, and
    // closing each connection it answers on.
    await sleep(500);
    expect((await fetch(`${direct(1)}/readyz`)).status).toBe(503);
    // As its health port, where HAProxy checks it, says.
    expect((await fetch(`http://localhost:${healthPorts[1]}/readyz`)).status).toBe(503);
    const served = await fetch(`${direct(1)}/healthz`);
    expect([served.status, served.headers.get('connection')]).toEqual([200, 'close']);
    expect(await exited).toBe(0);
    servers[1] = await startServer(ports[1] as number, envOf(1));
    await sleep(3000);
    polling = false;
    await Promise.all([office.stop(), claims.stop(), gate.stop(), polls]);
    const endedAt = Date.now();

    const failed = sent.filter((entry) => entry.status === 0 || entry.status >= 500);
    // The kill failed only requests in flight while the killed process died.
    const inFlightAtKill = sent.filter((entry) => entry.start <= goneAt && entry.end >= killedAt);
    const counts: Record<string, number> = {};
    for (const entry of sent)
      counts[`${entry.kind} ${entry.status}`] = (counts[`${entry.kind} ${entry.status}`] ?? 0) + 1;
    const summary = `${sent.length} requests in ${Math.round((endedAt - startedAt) / 1000)} s: ${JSON.stringify(counts)}`;
    expect(
      failed.filter((entry) => !inFlightAtKill.includes(entry)),
      summary,
    ).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(inFlightAtKill.length);
    // The rolling restart failed none: every request from the SIGTERM on was answered, and there were many.
    expect(failed.filter((entry) => entry.end >= terminatedAt)).toEqual([]);
    expect(sent.filter((entry) => entry.start >= terminatedAt).length, summary).toBeGreaterThan(50);
    const acknowledged = (kind: Sent['kind']) =>
      sent
        .filter((entry) => entry.kind === kind && (entry.status === 200 || entry.status === 201))
        .map((entry) => entry.key);
    expect(acknowledged('personalize').length).toBeGreaterThan(50);
    expect(acknowledged('claim').length).toBeGreaterThan(50);
    expect(acknowledged('scan').length).toBeGreaterThan(20);

    const bound = await query(
      `select public_code, document_id is not null as personalized, holder_afm is not null as claimed,
         exists (select 1 from audit_log a where a.subject = t.public_code
           and a.action in ('TICKET_PERSONALIZE', 'TICKET_IDENTIFY', 'TICKET_WALLET_ADD')) as audited,
         (select count(*)::int from gate_admissions g where g.ticket_id = t.id) as admissions,
         (select count(*)::int from audit_log a where a.subject = t.public_code and a.action = 'GATE_ADMIT') as admission_audits
       from tickets t join events e on e.id = t.event_id where e.external_id like 'lb-%'`,
    );
    type Row = {
      public_code: string;
      personalized: boolean;
      claimed: boolean;
      audited: boolean;
      admissions: number;
      admission_audits: number;
    };
    const rows = new Map((bound as Row[]).map((row) => [row.public_code, row]));
    // Every acknowledged write is there with its audit row.
    for (const code of acknowledged('personalize'))
      expect(rows.get(code)).toMatchObject({ personalized: true, audited: true });
    for (const code of acknowledged('claim'))
      expect(rows.get(code)).toMatchObject({ claimed: true, audited: true });
    const admitted = sent.filter(
      (entry) => entry.kind === 'scan' && entry.status === 200 && entry.body.includes('"ADMIT"'),
    );
    for (const entry of admitted)
      expect(rows.get(entry.key)).toMatchObject({ admissions: 1, admission_audits: 1 });
    // Nothing half-written anywhere, the failed requests' tickets included; no ticket admitted twice.
    for (const row of rows.values()) {
      expect(row.personalized || row.claimed, row.public_code).toBe(row.audited);
      expect(row.admissions, row.public_code).toBe(row.admission_audits);
      expect(row.admissions, row.public_code).toBeLessThanOrEqual(1);
    }
    const admitsPerCode = new Map<string, number>();
    for (const entry of admitted) admitsPerCode.set(entry.key, (admitsPerCode.get(entry.key) ?? 0) + 1);
    expect([...admitsPerCode.values()].filter((count) => count > 1)).toEqual([]);

    // The device's copy stayed current by deltas: after the first whole manifest, only 304s and deltas
    // (a poll in flight while the killed process died may have failed, as any request then may).
    const answers = sent
      .filter(
        (entry) => entry.kind === 'manifest' && !(failed.includes(entry) && inFlightAtKill.includes(entry)),
      )
      .map((entry) => entry.key);
    expect(answers[0]).toBe('whole');
    // The gate tickets bound during the load changed the manifest: deltas there were.
    expect(answers, answers.join(' ')).toContain('delta');
    expect(
      answers.slice(1).filter((kind) => kind !== '304' && kind !== 'delta'),
      answers.join(' '),
    ).toEqual([]);
  });
});
