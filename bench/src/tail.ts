/**
 * `npm run tail -w @tickets/bench`: what makes a late request late. The platform on a fresh
 * PostgreSQL database (DATABASE_URL names the server), started with --trace-gc and a probe
 * (tail-probe.mjs) that records each GC pause and event-loop stall; each scenario paced at half its
 * peak rate, TAIL_RUNS times; meanwhile PostgreSQL's checkpoints (its log, log_checkpoints being on,
 * and pg_stat_bgwriter or pg_stat_checkpointer sampled) and the bench database's slow statements
 * (log_min_duration_statement). Each request later than TAIL_LATE_MS is printed with whatever
 * overlapped it. Not a test: a tool for finding causes (bench/README.md, "Tail").
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { demoData } from '../../apps/server/src/bench-api';
import { addDeclarations, addSuspensions } from './shared/bulk-data';
import { runSql } from './shared/database';
import { halfRate, load, pacedP99, type Scenario } from './shared/load';
import { repoRoot, waitFor } from './shared/processes';
import { scenarios } from './shared/scenarios';
import { loginAs } from './shared/sign-in';
import { loadTickets } from './shared/tickets';
import {
  describePostgres,
  logHappenings,
  sampleCheckpoints,
  type Happening,
  type PostgresFacts,
} from './tail-postgres';

const SECONDS = Number(process.env.TAIL_SECONDS ?? 10);
const RUNS = Number(process.env.TAIL_RUNS ?? 3);
const TICKETS = Number(process.env.TAIL_TICKETS ?? 300_000);
const LATE_MS = Number(process.env.TAIL_LATE_MS ?? 25);
const SLOW_STATEMENT_MS = Number(process.env.TAIL_SLOW_STATEMENT_MS ?? 5);
/** Late requests printed one by one per run; the rest are only counted. */
const PRINTED = Number(process.env.TAIL_PRINTED ?? 25);
const RATE_FACTOR = Number(process.env.TAIL_RATE_FACTOR ?? 1);
const ONLY = process.env.TAIL_SCENARIOS?.split(',').map((name) => name.trim());
const PORT = 9311;

interface Answer {
  dueAt: number;
  ms: number;
  status: number;
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL server (the tail is measured there)');
  const name = `tickets_tail_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // Only this database's statements: the server's other databases are not ours to log.
  await admin.query(`alter database ${name} set log_min_duration_statement = ${SLOW_STATEMENT_MS}`);
  const work = path.join(tmpdir(), name);
  const server = await startTracedPlatform(url.href, work);
  const postgres = await describePostgres(admin);
  console.log(
    `PostgreSQL ${postgres.version}; log_checkpoints ${postgres.logCheckpoints}; log ${postgres.log ?? 'not readable: checkpoints from the statistics view only'}`,
  );
  try {
    console.error(`loading ${TICKETS.toLocaleString('en')} tickets through the provider API…`);
    await loadTickets(server.url, TICKETS);
    await addSuspensions(url.href, Math.round(TICKETS / 10));
    await addDeclarations(url.href, Math.round(TICKETS / 20));
    await runSql(url.href, [['vacuum analyze', []]]);
    const cookies = {
      officer: await loginAs(server.url, demoData.people.officer),
      guardian: await loginAs(server.url, demoData.people.guardian),
    };
    const all = scenarios(server.url, cookies, TICKETS).filter(
      (scenario) => !ONLY || ONLY.includes(scenario.name),
    );
    for (const scenario of all) {
      const peak = await load(server.url, scenario, SECONDS);
      // Half the peak, as the bench's target says; TAIL_RATE_FACTOR moves it when the machine cannot keep that pace.
      const rate = Math.max(1, Math.round(halfRate(peak) * RATE_FACTOR));
      console.log(`\n## ${scenario.name}: peak ${peak.requestsPerSecond} req/s, paced at ${rate} req/s`);
      for (let run = 1; run <= RUNS; run += 1) {
        await pacedRun(server, admin, postgres, scenario, rate, run, name);
      }
    }
  } finally {
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

interface TracedPlatform {
  url: string;
  /** GC pauses and stalls the probe wrote, between two times (epoch ms). */
  probed(from: number, to: number): Happening[];
  stop(): Promise<void>;
}

/** The platform as `npm start` runs it, with --trace-gc (its output kept in a file) and the probe. */
async function startTracedPlatform(databaseUrl: string, work: string): Promise<TracedPlatform> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const probeFile = path.join(work, 'probe.jsonl');
  const gcLog = openSync(path.join(work, 'trace-gc.log'), 'w');
  const child = spawn(
    process.execPath,
    [
      '--trace-gc',
      '--import',
      'tsx',
      '--import',
      path.join(repoRoot, 'bench/src/tail-probe.mjs'),
      'apps/server/src/main.ts',
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'false',
        PROFILE: 'development',
        TAIL_PROBE_FILE: probeFile,
      },
      stdio: ['ignore', gcLog, 'inherit'],
    },
  );
  const url = `http://localhost:${PORT}`;
  await waitFor(`${url}/readyz`);
  console.log(`the server's --trace-gc output: ${path.join(work, 'trace-gc.log')} (removed at the end)`);
  return {
    url,
    probed(from, to) {
      if (!existsSync(probeFile)) return [];
      return readFileSync(probeFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ProbeLine)
        .filter((entry) => entry.at + entry.ms >= from && entry.at <= to)
        .map((entry) =>
          entry.kind === 'gc'
            ? {
                cause: 'gc',
                start: entry.at,
                end: entry.at + entry.ms,
                label: `GC ${entry.type} ${entry.ms.toFixed(1)} ms`,
              }
            : stall('server', entry.at, entry.ms, entry.cpuMs),
        );
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          closeSync(gcLog);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

interface ProbeLine {
  kind: 'gc' | 'stall';
  at: number;
  ms: number;
  type?: string;
  cpuMs?: number;
}

/**
 * A stall of an event loop, told apart by the CPU its process got meanwhile: most of it, the process
 * was busy (its own work, or a collection); little of it, it was off the CPU: waiting for a core the
 * machine gave another process, or blocked in a system call (a synchronous fsync).
 */
function stall(who: 'server' | 'client', start: number, ms: number, cpuMs = ms): Happening {
  const busy = cpuMs >= ms / 2;
  return {
    cause: `${who} ${busy ? 'busy' : 'off-CPU'}`,
    start,
    end: start + ms,
    label: `${who === 'server' ? "the server's" : "the load client's"} loop stalled ${ms.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of it on a core (${busy ? 'busy' : 'off-CPU'})`,
  };
}

/** Stalls of this process's own event loop: the load client can be late too, and must say so. */
function watchOwnLoop(): () => Happening[] {
  const stalls: Happening[] = [];
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const late = now - last - 5;
    if (late >= 10) {
      const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
      stalls.push(stall('client', performance.timeOrigin + last + 5, late, cpuMs));
    }
    last = now;
    lastCpu = cpu;
  }, 5);
  return () => {
    clearInterval(timer);
    return stalls;
  };
}

async function pacedRun(
  server: TracedPlatform,
  admin: pg.Client,
  postgres: PostgresFacts,
  scenario: Scenario,
  rate: number,
  run: number,
  database: string,
) {
  const logOffset = postgres.log ? statSync(postgres.log).size : 0;
  const stopSampling = sampleCheckpoints(admin, postgres.checkpointCounters);
  const stopWatching = watchOwnLoop();
  const answers: Answer[] = [];
  const started = Date.now();
  const p99 = await pacedP99(server.url, scenario, SECONDS, rate, (dueAt, ms, status) =>
    answers.push({ dueAt, ms, status }),
  );
  const ended = Date.now();
  const ownStalls = stopWatching();
  const sampled = await stopSampling();
  await new Promise((resolve) => setTimeout(resolve, 400)); // the probe writes every 250 ms
  const happenings = [
    ...server.probed(started, ended),
    ...ownStalls,
    ...(postgres.log ? logHappenings(postgres.log, logOffset, database) : sampled),
  ];
  const late = answers.filter((answer) => answer.ms > LATE_MS).sort((a, b) => a.dueAt - b.dueAt);
  const failed = answers.filter((answer) => answer.status >= 400).length;
  const overlapping = (answer: Answer) =>
    happenings.filter(
      (happening) => happening.end >= answer.dueAt && happening.start <= answer.dueAt + answer.ms,
    );
  const byCause = new Map<string, number>();
  for (const answer of late) {
    const causes = new Set(overlapping(answer).map((happening) => happening.cause));
    for (const cause of causes.size > 0 ? causes : ['nothing recorded'])
      byCause.set(cause, (byCause.get(cause) ?? 0) + 1);
  }
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  const median = [...answers].sort((a, b) => a.ms - b.ms)[Math.floor(answers.length / 2)]?.ms ?? 0;
  if (median > LATE_MS) {
    console.log(
      `\n### run ${run}: the pace was not kept (median ${median.toFixed(0)} ms late): this machine cannot serve ${rate} req/s now; everything overlaps everything, so nothing is attributed. Lower TAIL_RATE_FACTOR.`,
    );
    return;
  }
  console.log(
    `\n### run ${run}: p99 ${p99} ms; ${late.length} of ${answers.length} later than ${LATE_MS} ms${failed ? `; ${failed} failed` : ''}; load average ${one} ${five} ${fifteen}`,
  );
  const gcs = happenings.filter((happening) => happening.cause === 'gc');
  const longest = Math.max(0, ...gcs.map((gc) => gc.end - gc.start));
  console.log(
    `GC pauses in the run: ${gcs.length}, the longest ${longest.toFixed(1)} ms; checkpoints: ${happenings.filter((h) => h.cause === 'checkpoint').length}`,
  );
  console.log(
    `late requests overlapping each cause: ${[...byCause].map(([cause, count]) => `${cause} ${count}`).join(', ') || 'none late'}`,
  );
  for (const answer of late.slice(0, PRINTED)) {
    const at = ((answer.dueAt - started) / 1000).toFixed(3);
    const causes = overlapping(answer).map((happening) => happening.label);
    console.log(
      `- +${at} s: ${answer.ms.toFixed(0)} ms (${answer.status}) — ${causes.join('; ') || 'nothing recorded'}`,
    );
  }
  if (late.length > PRINTED) console.log(`- … and ${late.length - PRINTED} more`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
