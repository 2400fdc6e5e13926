import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { auditLog, tickets } from '../src/db/schema';
import { demoTicketCode } from '../src/demo/events';
import { createPostgresDatabase } from '../test/support/migrated-copies';

/** Real server processes for the resilience tests, started as `npm start` runs them: compiled. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Free demo tickets of the football club, alternating between its two upcoming matches. */
export const demoCode = (serial: number) =>
  demoTicketCode('3', serial % 2 === 0 ? 1 : 2, Math.ceil(serial / 2));

export const COMPILED_SERVER = 'apps/server/dist/main.js';

/** Debian's programs the tests run beside the platform (global-setup.ts installs what is missing). */
export const HAPROXY = '/usr/sbin/haproxy';
export const PROMETHEUS = '/usr/bin/prometheus';
export const PROMTOOL = '/usr/bin/promtool';
export const PGBACKREST_BIN = '/usr/bin/pgbackrest';
export const POSTGRES_EXPORTER = '/usr/bin/prometheus-postgres-exporter';
export const ETCD = '/usr/bin/etcd';
export const PATRONI = '/usr/bin/patroni';

/** The TCP ports something on this machine listens on now, IPv4 and IPv6 (proc(5): state 0A). */
function listeningPorts(): Set<number> {
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = existsSync(table) ? readFileSync(table, 'utf8') : '';
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === '0A' && local) ports.add(Number.parseInt(local.split(':').pop() ?? '', 16));
    }
  }
  return ports;
}

/** How many ports from the one drawn a test may use (its servers', health and metrics listeners). */
const PORTS_FROM_ONE = 10;

/**
 * A port to try: within the 50 from RESILIENCE_PORT_BASE when set (on a shared machine each run keeps
 * to its own range), else one of 9000 from 21 000; drawn again while it, or one of the few after it,
 * is taken by something listening already (RabbitMQ's 25672 is in that range on these machines: a
 * server drawn there could not start).
 */
export const freePortish = () => {
  const base = Number(process.env.RESILIENCE_PORT_BASE);
  const draw = () =>
    base > 0 ? base + Math.floor(Math.random() * 45) : 21_000 + Math.floor(Math.random() * 9000);
  const taken = listeningPorts();
  let port = draw();
  for (let tries = 0; tries < 100; tries += 1) {
    if (!Array.from({ length: PORTS_FROM_ONE }, (_, i) => port + i).some((one) => taken.has(one))) break;
    port = draw();
  }
  return port;
};

/** Starts the compiled server; with `logs`, collects the lines it writes (else they are dropped). */
export async function startServer(
  port: number,
  env: Record<string, string>,
  logs?: string[],
): Promise<ChildProcess> {
  // Plain node on the build (global-setup.ts made it): no tsx, even through NODE_OPTIONS.
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'false',
      DATABASE_URL: '',
      ...env,
    },
    stdio: logs ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  if (logs) {
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
  }
  const deadline = Date.now() + 60_000;
  // A process that died at start fails at once, with its exit, rather than after the minute.
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      if ((await fetch(`http://localhost:${port}/readyz`)).ok) return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const exited = child.exitCode ?? child.signalCode;
  child.kill('SIGKILL');
  throw new Error(`the server on ${port} did not start${exited === null ? '' : ` (it exited: ${exited})`}`);
}

export const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/**
 * Personalizes up to `max` demo tickets from 8 parallel workers, until stopped; collects the
 * acknowledged codes and every answer. With `retryRefused`, a worker answered 5xx waits a moment and
 * sends the same ticket again, as a client following Retry-After does (the ticket is not used up).
 */
export function personalizationLoad(
  base: string,
  cookie: string,
  codeOf: (serial: number) => string,
  max: number,
  { retryRefused = false }: { retryRefused?: boolean } = {},
) {
  const acknowledged: string[] = [];
  /** Every answer, in the order they came, with when its request was sent. */
  const answers: { status: number; retryAfter: string | null; body: string; sentAt: number }[] = [];
  let serial = 0;
  let stopped = false;
  const send = async (mine: number) => {
    const sentAt = Date.now();
    try {
      const response = await fetch(`${base}/api/ticket-office/personalize`, {
        method: 'POST',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          ticketCode: codeOf(mine),
          firstName: 'ΜΑΡΙΑ',
          lastName: 'ΚΡΑΣΗ',
          documentType: 'PASSPORT',
          documentId: `Κ${mine}`,
        }),
      });
      answers.push({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.text(),
        sentAt,
      });
      if (response.status === 200) acknowledged.push(codeOf(mine));
      return response.status;
    } catch {
      // the server went away mid-request: not acknowledged
      return 0;
    }
  };
  const worker = async () => {
    while (!stopped && serial < max) {
      serial += 1;
      const mine = serial;
      while ((await send(mine)) >= 500 && retryRefused && !stopped)
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const done = Promise.all(Array.from({ length: 8 }, worker));
  return {
    acknowledged,
    answers,
    sent: () => serial,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

export type Target = 'pglite' | 'postgres';
export const targets: Target[] = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];

/**
 * The compiled server on a new database of `target` (a folder on disk, or a new PostgreSQL
 * database dropped by a cleanup), and a way to open that database afterwards to check it.
 */
export async function serverOn(
  target: Target,
  cleanups: (() => Promise<void>)[],
  extraEnv: Record<string, string> = {},
) {
  let env: Record<string, string>;
  let reopen: () => Promise<Database>;
  if (target === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tickets-resilience-'));
    env = { DATA_DIR: dataDir };
    reopen = () => openDatabase({ kind: 'pglite', dataDir });
  } else {
    const postgres = await createPostgresDatabase();
    cleanups.push(postgres.drop);
    env = { DATABASE_URL: postgres.url };
    reopen = () => openDatabase({ kind: 'postgres', url: postgres.url });
  }
  const port = freePortish();
  const server = await startServer(port, { ...env, ...extraEnv });
  return { base: `http://localhost:${port}`, server, reopen, port, env };
}

/**
 * What every resilience test holds the server to: each personalization it acknowledged is in the
 * database afterwards, bound, with its audit row (nothing acknowledged was lost).
 */
export async function expectAcknowledgedPersonalizations(database: Database, acknowledged: string[]) {
  const bound = await database.db.select().from(tickets).where(inArray(tickets.publicCode, acknowledged));
  expect(
    bound
      .filter((ticket) => ticket.documentId !== null)
      .map((ticket) => ticket.publicCode)
      .sort(),
  ).toEqual([...acknowledged].sort());
  const audited = await database.db
    .select({ subject: auditLog.subject })
    .from(auditLog)
    .where(inArray(auditLog.subject, acknowledged));
  expect(new Set(audited.map((row) => row.subject))).toEqual(new Set(acknowledged));
}
