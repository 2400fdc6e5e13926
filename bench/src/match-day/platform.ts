/**
 * The platform's side of a run: its processes and the repository's HAProxy before them, started as
 * an operator starts them, and what they say of themselves (CPU, event loop, health checks).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startPlatform, waitFor, type Running } from '../shared/processes';
import { HAPROXY, healthPort, metricsPort, REBUILD_SECONDS, STATS_PORT } from './settings';

/**
 * `ports.length` fresh platform processes on `databaseUrl` behind the balancer at `base`, started
 * together (their start-up writes take turns, design.md), each with its metrics listener and the
 * health listener HAProxy checks; each one started goes into `servers`, for the caller to stop even
 * when another failed to start.
 */
export async function startProcesses(
  databaseUrl: string,
  base: string,
  ports: number[],
  servers: Running[],
): Promise<void> {
  const env = {
    DATABASE_URL: databaseUrl,
    RATE_LIMITS: 'false',
    TRUSTED_PROXIES: '127.0.0.1',
    // Every process knows the public origin is the balancer's: redirects, cookies and the Origin check agree.
    PUBLIC_URL: base,
    GATE_MANIFEST_REBUILD_SECONDS: String(REBUILD_SECONDS),
  };
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
}

/**
 * The repository's HAProxy (deploy/haproxy.cfg, bench/haproxy-stats.cfg after it) on `port`, before
 * the processes on `servers`: with one process, all three server lines and their health ports name it.
 */
export function startHaproxy(port: number, servers: number[]): Promise<ChildProcess> {
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
export async function eventLoopMaxMs(processes: number): Promise<number[]> {
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
 * The scans (POST /api/gate/admissions) the processes answered since they started, and how many of
 * them they took over 100 ms to answer, by their own request histograms
 * (`tickets_http_request_duration_seconds`): the time inside a process, where the bench's latencies
 * also hold HAProxy's, the network's and the bench's own.
 */
export async function scansTimedInside(processes: number): Promise<{ count: number; over100ms: number }> {
  const texts = await Promise.all(
    Array.from({ length: processes }, async (_, i) =>
      (await fetch(`http://127.0.0.1:${metricsPort(i)}/metrics`)).text(),
    ),
  );
  const sum = (pattern: RegExp) =>
    texts.reduce(
      (total, text) => total + [...text.matchAll(pattern)].reduce((n, match) => n + Number(match[1]), 0),
      0,
    );
  const scans = 'method="POST",route="/api/gate/admissions",status="\\d+"';
  const count = sum(new RegExp(`^tickets_http_request_duration_seconds_count\\{${scans}\\} (\\d+)$`, 'gm'));
  const within = sum(
    new RegExp(`^tickets_http_request_duration_seconds_bucket\\{le="0\\.1",${scans}\\} (\\d+)$`, 'gm'),
  );
  return { count, over100ms: count - within };
}

/**
 * HAProxy's failed health checks (`chkfail`) and transitions to DOWN (`chkdown`) since it started,
 * summed over the backend's three server lines (in the one-process run all three check that process).
 */
export async function healthChecksFailed(): Promise<{ failed: number; down: number }> {
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

/** utime + stime of a process, in seconds (/proc/<pid>/stat fields 14 and 15, in clock ticks). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
