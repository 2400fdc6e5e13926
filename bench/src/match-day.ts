/**
 * `npm run match-day -w @tickets/bench` (issue #38, item 5): a match day through the repository's own
 * HAProxy (deploy/haproxy.cfg), to one platform process and then to three on the same PostgreSQL
 * database. One fixture of BENCH_MATCH_SEATS bound tickets; gate devices fetch its manifest and poll
 * it; online scans follow an arrival curve compressed in time, while fans add tickets by claim code
 * and register phone keys, and officers look tickets up. Prints one table. Not a test.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { gunzip } from 'node:zlib';
import { generateGateKeyPair, MANIFEST_POLL_SECONDS, MANIFEST_REBUILD_SECONDS } from '@tickets/domain';
import pg from 'pg';
import { demoData, platformPlumbing } from '../../apps/server/src/bench-api';
import type { CopyAnswer, CopyRequest } from './device-copies';
import { addPrintedCodes, printedCode } from './shared/bulk-data';
import { claimantsSql, claimScenario, claimToken, type Claim } from './shared/claim';
import { runSql } from './shared/database';
import { gateScenario } from './shared/gate';
import { load } from './shared/load';
import { repoRoot, startPlatform, waitFor, type Running } from './shared/processes';
import { loginAs } from './shared/sign-in';
import { code, loadTickets } from './shared/tickets';

/**
 * Seats of the fixture, every one a bound printed ticket scanned once during the match. Issue #38 asks
 * for 70,000; the default is 10,000 because this two-core machine, shared with other engineers' tests,
 * could not keep up with 70,000 in 150 s through one process (BENCH_MATCH_SEATS=70000 for the whole).
 */
const SEATS = Number(process.env.BENCH_MATCH_SEATS ?? 10_000);
/** The 90 minutes of arrivals are played this many times faster (36: 150 s of wall time). */
const COMPRESSION = Number(process.env.BENCH_MATCH_COMPRESSION ?? 36);
const ARRIVAL_MINUTES = 90;
const DEVICES = Number(process.env.BENCH_MATCH_DEVICES ?? 40);
/** Fans adding a ticket by its claim code in each run; each then registers a phone key for it. */
const CLAIMS = Number(process.env.BENCH_MATCH_CLAIMS ?? 500);
/** Officers' lookups of random tickets over each run. */
const LOOKUPS = Number(process.env.BENCH_MATCH_LOOKUPS ?? 1000);
const PEAK_SECONDS = Number(process.env.BENCH_MATCH_PEAK_SECONDS ?? 10);
/**
 * HAProxy listens here, the platform processes on the three ports after it, HAProxy's statistics on the
 * next (bench/haproxy-stats.cfg), the processes' metrics listeners on the three after that, and their
 * health listeners, which HAProxy checks, on the three after those.
 */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 9400);
const STATS_PORT = PORT_BASE + 4;
const metricsPort = (index: number) => PORT_BASE + 5 + index;
const healthPort = (index: number) => PORT_BASE + 8 + index;
const HAPROXY = process.env.BENCH_HAPROXY ?? '/usr/sbin/haproxy';
/** The goal of issue #38 for what a device receives per change. */
const DELTA_GOAL_BYTES = 50 * 1024;

const MATCH_MS = (ARRIVAL_MINUTES * 60_000) / COMPRESSION;
const POLL_MS = (MANIFEST_POLL_SECONDS * 1000) / COMPRESSION;
/**
 * The server reads the fixture once per GATE_MANIFEST_REBUILD_SECONDS; by default compressed with the
 * polls (whole seconds, at least one), or a compressed match would pile a real half-hour of changes into
 * each delta. `BENCH_MATCH_REBUILD_SECONDS` sets it: at 70,000 seats a reading every second or two is
 * most of a core (the real interval is 30 s), so the run measures the readings, not the match; the
 * real 30 s puts more changes into each delta than a real match would (the goal is then harder).
 */
const REBUILD_SECONDS = Number(
  process.env.BENCH_MATCH_REBUILD_SECONDS ?? Math.max(1, Math.round(MANIFEST_REBUILD_SECONDS / COMPRESSION)),
);

/**
 * Arrivals over the 90 minutes (u from 0 to 1), mean 1: a trickle of 0.5 all along, and a triangle
 * from u = 0.5 rising to its top at 0.8 (the crowd before kick-off) and gone by 0.9, of height 2.5,
 * so that the peak is 3 times the mean (0.5 + 2.5·0.4/2 = 1).
 */
function arrivalDensity(u: number): number {
  const rise = u >= 0.5 && u < 0.8 ? (2.5 * (u - 0.5)) / 0.3 : 0;
  const fall = u >= 0.8 && u < 0.9 ? (2.5 * (0.9 - u)) / 0.1 : 0;
  return 0.5 + rise + fall;
}

/** When each of `count` arrivals is due (ms from the start), by inverting the curve's cumulative sum. */
function arrivalTimes(count: number, durationMs: number): number[] {
  const steps = 100_000;
  const cumulative = new Float64Array(steps + 1);
  for (let step = 1; step <= steps; step += 1)
    cumulative[step] = (cumulative[step - 1] ?? 0) + arrivalDensity((step - 0.5) / steps) / steps;
  const total = cumulative[steps] ?? 1;
  const times: number[] = [];
  let step = 0;
  for (let i = 0; i < count; i += 1) {
    const target = ((i + 0.5) / count) * total;
    while (step < steps && (cumulative[step + 1] ?? total) < target) step += 1;
    times.push((step / steps) * durationMs);
  }
  return times;
}

interface Answer {
  status: number;
  /** As the server meant it: a gzipped answer (the manifest, asked as a browser asks) unzipped. */
  body: Buffer;
  /** What crossed the network. */
  wireBytes: number;
  etag?: string;
}

const gunzipped = promisify(gunzip);
/** A device's browser takes a gzipped manifest (its fetch asks so and unzips it): the bench asks as it does. */
const ACCEPTS_GZIP = { 'accept-encoding': 'gzip' };

/** One request on `agent`; the body read whole (its size is what a device receives). */
async function send(
  agent: http.Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const failed = { status: 0, body: Buffer.alloc(0), wireBytes: 0 };
  const sent = await new Promise<Answer & { gzipped: boolean }>((resolve) => {
    const cut = () => resolve({ ...failed, gzipped: false });
    const request = http.request(`${base}${path}`, { agent, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          body: wire,
          wireBytes: wire.length,
          etag: response.headers.etag,
          gzipped: response.headers['content-encoding'] === 'gzip',
        });
      });
      // A connection cut mid-answer ends in 'close' without 'end' (a promise resolves once: the later call is a no-op).
      response.on('close', cut);
      response.on('error', cut);
    });
    // Past HAProxy's own server timeout (15 s): an answer that never comes is an error, not a hung run.
    request.setTimeout(30_000, () => request.destroy());
    request.on('error', cut);
    request.on('close', cut);
    request.end(body);
  });
  const { gzipped, ...answer } = sent;
  if (!gzipped) return answer;
  try {
    return { ...answer, body: await gunzipped(answer.body) };
  } catch {
    return failed;
  }
}

/** Latencies (from each request's due time) and errors per route, errors by status (0: no answer). */
class Routes {
  private readonly latencies = new Map<string, number[]>();
  private readonly errors = new Map<string, Map<number, number>>();
  record(route: string, dueAt: number, ok: boolean, status = 0, body?: Buffer): void {
    const list = this.latencies.get(route) ?? [];
    list.push(performance.now() - dueAt);
    this.latencies.set(route, list);
    if (ok) return;
    if (!this.errors.get(route)?.has(status) && body) {
      // The first answer of each kind of error, by its error code only (an answer may name a person).
      const errorCode = /"code":"([A-Z_]+)"/.exec(body.toString())?.[1] ?? body.subarray(0, 40).toString();
      console.error(`[error] ${route}: ${status} ${errorCode}`);
    }
    const byStatus = this.errors.get(route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.errors.set(route, byStatus);
  }
  rows(): { route: string; count: number; p50: number; p99: number; errors: string }[] {
    return [...this.latencies].map(([route, list]) => {
      list.sort((a, b) => a - b);
      const at = (q: number) => Math.round(list[Math.min(list.length - 1, Math.floor(list.length * q))] ?? 0);
      const byStatus = [...(this.errors.get(route) ?? [])].sort(([a], [b]) => a - b);
      const total = byStatus.reduce((sum, [, n]) => sum + n, 0);
      const errors = total
        ? `${total} (${byStatus.map(([status, n]) => `${status}: ${n}`).join(', ')})`
        : '0';
      return { route, count: list.length, p50: at(0.5), p99: at(0.99), errors };
    });
  }
}

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** Each scheduled request is sent at its due time whether or not earlier ones were answered (open loop). */
async function openLoop(jobs: { dueAt: number; run: (dueAt: number) => Promise<void> }[]): Promise<void> {
  jobs.sort((a, b) => a.dueAt - b.dueAt);
  const pending: Promise<void>[] = [];
  for (const job of jobs) {
    if (job.dueAt > performance.now()) await sleepUntil(job.dueAt);
    pending.push(job.run(job.dueAt));
  }
  await Promise.all(pending);
}

/** utime + stime of a process, in seconds (/proc/<pid>/stat fields 14 and 15, in clock ticks). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

interface Device {
  token: string;
  agent: http.Agent;
  salt?: string;
  revision?: number;
  etag?: string;
}

interface RunFigures {
  processes: number;
  routes: ReturnType<Routes['rows']>;
  deltas: number[];
  wholeAfterFirst: number;
  unapplied: number;
  firstManifestBytes: number;
  cpu: number[];
  haproxyCpu: number;
  /** Each process's event loop's longest delay (ms) while the devices fetched the whole manifest, and over the match. */
  loopMaxMs: { firstManifests: number[]; match: number[] };
  /** HAProxy's failed health checks and its server lines marked DOWN, from its start to the match's end. */
  checks: { failed: number; down: number };
  peak: { requestsPerSecond: number; p50: number; p99: number; errors: number };
  wallSeconds: number;
  /** From the first device's pairing to the fixture's book stored (the devices' listing readied it). */
  bookReadySeconds: number;
}

function startHaproxy(port: number, servers: number[]): Promise<ChildProcess> {
  const configs = ['deploy/haproxy.cfg', 'bench/haproxy-stats.cfg'].flatMap((file) => [
    '-f',
    path.join(repoRoot, file),
  ]);
  const child = spawn(HAPROXY, ['-db', ...configs], {
    env: {
      ...process.env,
      TICKETS_BIND: `127.0.0.1:${port}`,
      BENCH_STATS_BIND: `127.0.0.1:${STATS_PORT}`,
      TICKETS_SERVER_1: `127.0.0.1:${servers[0]}`,
      TICKETS_SERVER_2: `127.0.0.1:${servers[1 % servers.length]}`,
      TICKETS_SERVER_3: `127.0.0.1:${servers[2 % servers.length]}`,
      TICKETS_HEALTH_PORT_1: String(healthPort(0)),
      TICKETS_HEALTH_PORT_2: String(healthPort(1 % servers.length)),
      TICKETS_HEALTH_PORT_3: String(healthPort(2 % servers.length)),
    },
    // The configuration logs every request to stdout: not read here.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitFor(`http://127.0.0.1:${port}/readyz`, 20).then(async () => {
    // Each server line is in the rotation after two health checks a second apart ("rise 2"): until
    // then a line pointing at a live process is down, and all the load goes to the others.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return child;
  });
}

/**
 * Each process's event loop's longest delay (ms) since the previous read, from its metrics listener
 * (`tickets_event_loop_delay_max_seconds`, README "Metrics and alerts"): a read opens the next window.
 */
async function eventLoopMaxMs(processes: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: processes }, async (_, i) => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort(i)}/metrics`)).text();
      const value = /^tickets_event_loop_delay_max_seconds (\S+)$/m.exec(text)?.[1];
      if (value === undefined) throw new Error(`no event-loop delay from process ${i + 1}`);
      return Math.round(Number(value) * 1000);
    }),
  );
}

/**
 * HAProxy's failed health checks (`chkfail`) and transitions to DOWN (`chkdown`) since it started,
 * summed over the backend's three server lines (in the one-process run all three check that process).
 */
async function healthChecksFailed(): Promise<{ failed: number; down: number }> {
  const csv = await (await fetch(`http://127.0.0.1:${STATS_PORT}/stats;csv`)).text();
  const [header = '', ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const column = (fields: string[], name: string) => Number(fields[columns.indexOf(name)] || 0);
  const lines = rows
    .map((row) => row.split(','))
    .filter(([backend, server]) => backend === 'servers' && server !== 'BACKEND');
  if (lines.length === 0) throw new Error("no server line in HAProxy's statistics");
  return {
    failed: lines.reduce((sum, fields) => sum + column(fields, 'chkfail'), 0),
    down: lines.reduce((sum, fields) => sum + column(fields, 'chkdown'), 0),
  };
}

/** The devices' copies, in a worker thread (device-copies.ts); one at a time per run. */
let copiesInUse: { close(): Promise<number> } | undefined;
function deviceCopies() {
  // tsx's loader registers per thread: the worker registers it before it imports its TypeScript.
  const source = JSON.stringify(new URL('./device-copies.ts', import.meta.url).href);
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); });`,
    { eval: true },
  );
  copiesInUse = { close: () => worker.terminate() };
  const waiting = new Map<
    number,
    { resolve: (answer: CopyAnswer) => void; reject: (error: Error) => void }
  >();
  let next = 0;
  worker.on('message', (answer: CopyAnswer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
  });
  // A worker that fails fails the run through its own end (the processes and HAProxy stopped), not
  // the bench's process at once (they would be left running).
  worker.on('error', (error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  });
  return {
    /** A manifest or delta received (its ETag) by a device holding the copy of ETag `held`. */
    take: (body: Buffer, etag: string, held: string | undefined) =>
      new Promise<CopyAnswer>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, body, etag, held } satisfies CopyRequest);
      }),
  };
}

/**
 * Waits for the event's manifest book to be stored; answers the seconds since `since`. A book not
 * ready within two minutes ends the run: the devices would each wait for it.
 */
async function bookReady(databaseUrl: string, eventId: number, since: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const deadline = performance.now() + 120_000; performance.now() < deadline;) {
      const { rowCount } = await client.query('select 1 from gate_manifests where event_id = $1', [eventId]);
      if (rowCount) return (performance.now() - since) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
  throw new Error('the devices listed the events, and no manifest book was made ready within 2 minutes');
}

/** One run: `processes` fresh platform processes behind HAProxy, the match, then the closed-loop peak of the scans. */
async function matchRun(
  databaseUrl: string,
  processes: number,
  eventId: number,
  claims: Claim[],
  firstFan: number,
): Promise<RunFigures> {
  const base = `http://127.0.0.1:${PORT_BASE}`;
  const ports = Array.from({ length: processes }, (_, i) => PORT_BASE + 1 + i);
  const env = {
    DATABASE_URL: databaseUrl,
    RATE_LIMITS: 'false',
    TRUSTED_PROXIES: '127.0.0.1',
    // Every process knows the public origin is the balancer's: redirects, cookies and the Origin check agree.
    PUBLIC_URL: base,
    GATE_MANIFEST_REBUILD_SECONDS: String(REBUILD_SECONDS),
  };
  const servers: Running[] = [];
  let haproxy: ChildProcess | undefined;
  try {
    // Started together (their start-up writes take turns, design.md).
    const started = await Promise.allSettled(
      ports.map((port, i) =>
        startPlatform(port, {
          ...env,
          METRICS_PORT: String(metricsPort(i)),
          HEALTH_PORT: String(healthPort(i)),
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    haproxy = await startHaproxy(PORT_BASE, ports);
    // Each run readies the fixture's first book itself: none left from the run before.
    await runSql(databaseUrl, [['delete from gate_manifests where event_id = $1', [eventId]]]);
    const officer = await loginAs(base, demoData.people.officer);
    console.error(`[${processes}] pairing ${DEVICES} gate devices…`);
    const pairingStarted = performance.now();
    const scanRange = { from: 0, count: SEATS };
    const devices: Device[] = [];
    for (let i = 0; i < DEVICES; i += 1) {
      const { device } = await gateScenario(base, officer, scanRange);
      if (device.eventId !== eventId) throw new Error('the devices see another bench event');
      devices.push({ token: device.token, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) });
    }

    // The peak's own device, paired now: after the match the process may be too busy to pair one.
    const { scenario: peakScans } = await gateScenario(base, officer, scanRange);
    // Each device listed the events when paired (gateScenario), as a steward's screen does when switched
    // on, which readies the fixture's manifest (docs/design.md §8 "Ready before the gates open"): the
    // devices are switched on before the gates open, and fetch the manifest once it is ready.
    const bookReadySeconds = await bookReady(databaseUrl, eventId, pairingStarted);

    // The devices fetch the whole manifest when switched on, before the gates' rush: a few at a time,
    // not timed with the match. Their copies are kept by a worker thread (device-copies.ts).
    const copies = deviceCopies();
    const routes = new Routes();
    const manifestPath = (device: Device) =>
      `/api/gate/manifest?eventId=${eventId}` +
      (device.salt === undefined ? '' : `&salt=${device.salt}&revision=${device.revision}`);
    let firstManifestBytes = 0;
    console.error(`[${processes}] the devices fetch the whole manifest…`);
    const fetchWhole = async (device: Device) => {
      // The first reading of the fixture seals every entry, which on a busy machine outlasts HAProxy's
      // server timeout (15 s: a 504): a device asks again, as the steward's screen does.
      for (let attempt = 1; ; attempt += 1) {
        const dueAt = performance.now();
        const answer = await send(device.agent, base, 'GET', manifestPath(device), {
          authorization: `Bearer ${device.token}`,
          ...ACCEPTS_GZIP,
        });
        routes.record(
          'GET /api/gate/manifest (first, whole)',
          dueAt,
          answer.status === 200,
          answer.status,
          answer.body,
        );
        if (answer.status !== 200) {
          // HAProxy answers 503 at once while the process is out of its rotation: wait as a device would.
          if (attempt < 30) {
            await new Promise((resolve) => setTimeout(resolve, 2000));
            continue;
          }
          throw new Error(`the first manifest answered ${answer.status}`);
        }
        firstManifestBytes = Math.max(firstManifestBytes, answer.wireBytes);
        const copy = await copies.take(answer.body, answer.etag ?? '', undefined);
        Object.assign(device, { salt: copy.salt, revision: copy.revision, etag: answer.etag });
        return;
      }
    };
    // One device first: the book is built once, then read by the others, four at a time.
    await eventLoopMaxMs(processes);
    // The monitor's first tick after a read only sets the time it counts from (shared/metrics.ts).
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (devices[0]) await fetchWhole(devices[0]);
    for (let i = 1; i < devices.length; i += 4) await Promise.all(devices.slice(i, i + 4).map(fetchWhole));
    const firstManifestsLoopMaxMs = await eventLoopMaxMs(processes);

    const deltas: number[] = [];
    let wholeAfterFirst = 0;
    let unapplied = 0;
    const poll = async (device: Device, dueAt: number) => {
      const answer = await send(device.agent, base, 'GET', manifestPath(device), {
        authorization: `Bearer ${device.token}`,
        ...ACCEPTS_GZIP,
        ...(device.etag ? { 'if-none-match': device.etag } : {}),
      });
      routes.record(
        'GET /api/gate/manifest (poll)',
        dueAt,
        answer.status === 200 || answer.status === 304,
        answer.status,
      );
      if (answer.status !== 200) return;
      const copy = await copies.take(answer.body, answer.etag ?? '', device.etag);
      // A whole manifest after the first: what issue #38 is about (another process's salt).
      if (copy.whole) wholeAfterFirst += 1;
      else deltas.push(answer.wireBytes);
      if (!copy.applied) {
        unapplied += 1;
        return;
      }
      Object.assign(device, { salt: copy.salt, revision: copy.revision, etag: answer.etag });
    };

    // No admission left from a run before: the peak's delete after it can race the last scans in flight.
    await runSql(databaseUrl, [['delete from gate_admissions where event_id = $1', [eventId]]]);
    // What happens during the match, each at its due time (ms on performance.now()).
    const start = performance.now() + 1000;
    const jobs: { dueAt: number; run: (dueAt: number) => Promise<void> }[] = [];
    const scansAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    arrivalTimes(SEATS, MATCH_MS).forEach((at, i) => {
      const device = devices[i % devices.length] as Device;
      const body = JSON.stringify({ eventId, code: printedCode(i + 1, 0) });
      jobs.push({
        dueAt: start + at,
        run: async (dueAt) => {
          const answer = await send(
            scansAgent,
            base,
            'POST',
            '/api/gate/admissions',
            // Each scan its own key, as the steward's screen sends it (docs/design.md §8).
            {
              authorization: `Bearer ${device.token}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body,
          );
          const admitted =
            answer.status === 200 &&
            (JSON.parse(answer.body.toString()) as { decision: string }).decision === 'ADMIT';
          routes.record('POST /api/gate/admissions', dueAt, admitted, answer.status, answer.body);
        },
      });
    });

    // Fans: fan n (from firstFan) adds claims[n - firstFan], as claimScenario pairs them, then a
    // twentieth of the match later registers a phone key for it (the ticket is theirs only then).
    const fansAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const claim = claimScenario(base, claims, firstFan);
    claims.forEach((held, i) => {
      const claimDue = start + (i / claims.length) * MATCH_MS * 0.9;
      let claimed: Promise<boolean> | undefined;
      jobs.push({
        dueAt: claimDue,
        run: async (dueAt) => {
          claimed = send(
            fansAgent,
            base,
            'POST',
            claim.path,
            { ...claim.headers, ...claim.nextHeaders?.(), 'content-type': 'application/json' },
            claim.body?.(),
          ).then((answer) => {
            // A claim answers 201 Created (the 23:03 run counted every one as an error, and so
            // registered no phone key).
            const added = answer.status === 201;
            routes.record('POST /api/wallet/tickets (claim)', dueAt, added, answer.status, answer.body);
            return added;
          });
          await claimed;
        },
      });
      jobs.push({
        dueAt: claimDue + MATCH_MS / 20,
        run: async (dueAt) => {
          // Only once the ticket is the fan's: a claim answered late delays its registration.
          if (!(await claimed)) return;
          const answer = await send(
            fansAgent,
            base,
            'POST',
            `/api/wallet/tickets/${held.publicCode}/device-key`,
            {
              cookie: `${platformPlumbing.session.cookieName}=${claimToken(firstFan + i)}`,
              origin: base,
              'content-type': 'application/json',
            },
            JSON.stringify({ publicKey: generateGateKeyPair().publicKey }),
          );
          routes.record(
            'POST /api/wallet/tickets/{code}/device-key',
            dueAt,
            answer.status === 200,
            answer.status,
            answer.body,
          );
        },
      });
    });

    const officersAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    for (let i = 0; i < LOOKUPS; i += 1) {
      const ticket = code(1 + Math.floor(Math.random() * SEATS));
      jobs.push({
        dueAt: start + ((i + 0.5) / LOOKUPS) * MATCH_MS,
        run: async (dueAt) => {
          const answer = await send(officersAgent, base, 'POST', `/api/stats/ticket?code=${ticket}`, {
            cookie: officer,
            origin: base,
          });
          routes.record('POST /api/stats/ticket', dueAt, answer.status === 200, answer.status, answer.body);
        },
      });
    }

    // Each device polls every POLL_MS, one poll at a time: a poll still unanswered delays the next,
    // which is still timed from its due time.
    devices.forEach((device, d) => {
      let previous: Promise<void> = Promise.resolve();
      for (let at = (d / devices.length) * POLL_MS; at < MATCH_MS; at += POLL_MS) {
        jobs.push({
          dueAt: start + at,
          run: (dueAt) => {
            previous = previous.then(() => poll(device, dueAt));
            return previous;
          },
        });
      }
    });

    const pids = servers.map((server) => server.process.pid as number);
    const cpuBefore = pids.map(cpuSeconds);
    const haproxyBefore = cpuSeconds(haproxy.pid as number);
    console.error(
      `${new Date().toISOString()} [${processes}] the match: ${jobs.length.toLocaleString('en')} requests over ${Math.round(MATCH_MS / 1000)} s…`,
    );
    await openLoop(jobs);
    const wallSeconds = (performance.now() - start) / 1000;
    const matchLoopMaxMs = await eventLoopMaxMs(processes);
    const checks = await healthChecksFailed();
    const cpu = pids.map((pid, i) =>
      Math.round(((cpuSeconds(pid) - (cpuBefore[i] ?? 0)) / wallSeconds) * 100),
    );
    const haproxyCpu = Math.round(((cpuSeconds(haproxy.pid as number) - haproxyBefore) / wallSeconds) * 100);
    for (const agent of [scansAgent, fansAgent, officersAgent, ...devices.map((device) => device.agent)])
      agent.destroy();

    // The closed-loop peak of fresh admissions: the match's undone first (as an operator resets a
    // rehearsal), once HAProxy has the processes back in its rotation (the match's backlog may have
    // taken them out). A failure here keeps the match's figures (the peak then reads 0).
    let peak = { requestsPerSecond: 0, p50: 0, p99: 0, errors: -1 };
    try {
      await runSql(databaseUrl, [['delete from gate_admissions where event_id = $1', [eventId]]]);
      await waitFor(`${base}/readyz`, 120);
      console.error(
        `${new Date().toISOString()} [${processes}] the closed-loop peak of the scans, ${PEAK_SECONDS} s…`,
      );
      peak = await load(base, peakScans, PEAK_SECONDS);
      await runSql(databaseUrl, [['delete from gate_admissions where event_id = $1', [eventId]]]);
    } catch (error) {
      console.error(`[${processes}] the peak failed:`, error);
    }
    return {
      processes,
      routes: routes.rows(),
      deltas,
      wholeAfterFirst,
      unapplied,
      firstManifestBytes,
      cpu,
      haproxyCpu,
      loopMaxMs: { firstManifests: firstManifestsLoopMaxMs, match: matchLoopMaxMs },
      checks,
      peak,
      wallSeconds: Math.round(wallSeconds),
      bookReadySeconds,
    };
  } finally {
    await copiesInUse?.close();
    haproxy?.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: the match day runs on PostgreSQL only');
  const name = `tickets_matchday_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const runs: RunFigures[] = [];
  try {
    // The fixture, loaded and bound by one process, which then stops: each run starts its own.
    const loader = await startPlatform(PORT_BASE + 1, { DATABASE_URL: url.href });
    const claims: Claim[] = [];
    try {
      console.error(`[load] ${SEATS.toLocaleString('en')} seats and ${2 * CLAIMS} tickets to claim…`);
      // Tickets 1…SEATS are the seats, bound and printed; the 2 × CLAIMS after them stay free for claims.
      await loadTickets(loader.url, SEATS + 2 * CLAIMS, {
        from: SEATS + 1,
        to: SEATS + 2 * CLAIMS,
        into: claims,
      });
    } finally {
      await loader.stop();
    }
    if (claims.length !== 2 * CLAIMS) throw new Error(`the import answered ${claims.length} claim codes`);
    await addPrintedCodes(url.href, SEATS, 0);
    await runSql(url.href, [...claimantsSql(2 * CLAIMS), ['vacuum analyze', []]]);
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    const id = Number(
      (await client.query<{ id: string }>(`select id from events where external_id = 'bench-match'`)).rows[0]
        ?.id,
    );
    await client.end();

    runs.push(await matchRun(url.href, 1, id, claims.slice(0, CLAIMS), 1));
    // Printed now too: the one-process figures survive a failure of the three-process run.
    printTable(runs);
    runs.push(await matchRun(url.href, 3, id, claims.slice(CLAIMS), CLAIMS + 1));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  printTable(runs);
}

function printTable(runs: RunFigures[]): void {
  const [one, three] = runs;
  console.log(
    `\nMatch day: ${SEATS.toLocaleString('en')} seats, ${DEVICES} devices polling every ${(POLL_MS / 1000).toFixed(2)} s, ` +
      `${ARRIVAL_MINUTES} min of arrivals compressed ×${COMPRESSION} (${Math.round(MATCH_MS / 1000)} s), ` +
      `GATE_MANIFEST_REBUILD_SECONDS=${REBUILD_SECONDS}, ${CLAIMS} claims and ${CLAIMS} phone keys and ${LOOKUPS} lookups a run; through HAProxy.\n`,
  );
  const header = runs.map((run) => `${run.processes} process${run.processes > 1 ? 'es' : ''}`);
  console.log(`| measure | ${header.join(' | ')} |`);
  console.log(`|---|${runs.map(() => '---:').join('|')}|`);
  const line = (name: string, values: (string | number)[]) =>
    console.log(`| ${name} | ${values.join(' | ')} |`);
  const routeNames = [...new Set(runs.flatMap((run) => run.routes.map((route) => route.route)))];
  for (const route of routeNames) {
    line(
      `${route}: requests, p50 / p99 ms, errors`,
      runs.map((run) => {
        const row = run.routes.find((candidate) => candidate.route === route);
        return row ? `${row.count}, ${row.p50} / ${row.p99}, ${row.errors}` : '-';
      }),
    );
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  line(
    "the fixture's first book ready, from the first device's pairing (s; the devices fetch after it)",
    runs.map((run) => run.bookReadySeconds.toFixed(1)),
  );
  line(
    'the first manifest, whole (KB)',
    runs.map((run) => kb(run.firstManifestBytes)),
  );
  line(
    'deltas received: count, mean / max KB (goal < 50 KB)',
    runs.map((run) => {
      const max = Math.max(0, ...run.deltas);
      const mean = run.deltas.reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, run.deltas.length);
      return `${run.deltas.length}, ${kb(mean)} / ${kb(max)}${max > DELTA_GOAL_BYTES ? ' (over the goal)' : ''}`;
    }),
  );
  line(
    'whole manifests after the first (failures)',
    runs.map((run) => run.wholeAfterFirst),
  );
  line(
    'deltas not applicable to the copy held',
    runs.map((run) => run.unapplied),
  );
  line(
    'CPU per platform process over the match (% of one core)',
    runs.map((run) => run.cpu.join(', ')),
  );
  line(
    'HAProxy CPU over the match (% of one core)',
    runs.map((run) => run.haproxyCpu),
  );
  line(
    "event loop's longest delay per process while the devices fetch the whole manifest (ms)",
    runs.map((run) => run.loopMaxMs.firstManifests.join(', ')),
  );
  line(
    "event loop's longest delay per process over the match (ms, goal < 100)",
    runs.map((run) => run.loopMaxMs.match.join(', ')),
  );
  line(
    'HAProxy health checks failed / server lines marked DOWN, to the match end (goal 0 DOWN)',
    runs.map((run) => `${run.checks.failed} / ${run.checks.down}`),
  );
  line(
    'match wall time (s)',
    runs.map((run) => run.wallSeconds),
  );
  line(
    `closed-loop peak of the scans, ${PEAK_SECONDS} s, 50 connections: req/s (p50 / p99 ms, errors)`,
    runs.map(
      (run) => `${run.peak.requestsPerSecond} (${run.peak.p50} / ${run.peak.p99}, ${run.peak.errors})`,
    ),
  );
  if (one && three)
    line('three processes / one (target ≥ 0.9)', [
      '',
      (three.peak.requestsPerSecond / Math.max(1, one.peak.requestsPerSecond)).toFixed(2),
    ]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
