/**
 * `DATABASE_URL=… CPU_CHECKOUTS=/path/a,/path/b npm run cpu -w @tickets/bench`: the platform's CPU
 * time per session check (GET /api/auth/user), in each checkout named (this one when none is), and the
 * floor's (`floor/server.ts`, this checkout's) for the same request, in rounds that alternate. A rate
 * is the machine's: on two cores shared with other work it moves by half from one run to the next.
 * The CPU time a server's own process spends on a request moves far less, so a before and an after
 * can be told apart on a busy machine too, given enough samples (their median is printed). Each
 * checkout runs on a database of its own (`<database>_cpu_<n>`, made here), migrated and given the
 * demo data by its own server.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoData, platformPlumbing } from '../../apps/server/src/bench-api';
import { repoRoot, startFloor, startPlatform, type Running } from './processes';
import { code, loadTickets, loginAs, logoutUrlOf } from './run';

const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3);
/** Requests a sample; each checkout's server gives `SAMPLES` of them a round, after a warm-up. */
const REQUESTS = Number(process.env.CPU_REQUESTS ?? 100_000);
const SAMPLES = 4;
const PORT = Number(process.env.BENCH_PORT_BASE ?? 9300) + 1;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL the checkouts make their databases in');
const checkouts = (process.env.CPU_CHECKOUTS ?? repoRoot).split(',').filter(Boolean);

const databaseOf = (index: number) => {
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname.slice(1)}_cpu_${index}`;
  return url;
};
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
for (const [index] of checkouts.entries()) {
  const name = databaseOf(index).pathname.slice(1);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
}
await admin.end();

/** The floor's label in the figures: this checkout's `floor/server.ts`. */
const FLOOR = 'the floor';
/** Tickets this checkout's database is given: the floor's start-up replays a personalization of two. */
const FLOOR_TICKETS = 20;

const requests = (url: string, cookie: string, amount: number) =>
  new Promise<number>((resolve, reject) => {
    autocannon(
      { url: `${url}/api/auth/user`, headers: { cookie }, connections: 50, amount },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx + result.errors > 0) reject(new Error(`${result.non2xx} answers not 2xx`));
        else resolve(result.requests.total);
      },
    );
  });

/**
 * The transactions PostgreSQL counted in a checkout's database so far: a session check kept in memory
 * sends none, so what it counts during the load is the platform's own background work, which takes a
 * core from the load as surely as the request's own CPU does.
 */
async function transactions(index: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The statistics reach the view within a second of each transaction's end (PostgreSQL 15).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { rows } = await client.query<{ count: string }>(
      'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
      [databaseOf(index).pathname.slice(1)],
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/** The floor runs this checkout's code, so on the database this checkout's server migrated. */
const floorIndex = checkouts.findIndex((checkout) => path.resolve(checkout) === repoRoot);
if (floorIndex < 0) console.error(`no floor: ${repoRoot} is not among CPU_CHECKOUTS`);
const measured = floorIndex < 0 ? checkouts : [...checkouts, FLOOR];
const samples = new Map<string, number[]>(measured.map((name) => [name, []]));
const background = new Map<string, number[]>(measured.map((name) => [name, []]));

/** `SAMPLES` loads of `server` after a warm-up, each sample's CPU a request and its database's background. */
async function sample(round: number, name: string, server: Running, cookie: string, index: number) {
  await requests(server.url, cookie, REQUESTS / 2);
  for (let taken = 0; taken < SAMPLES; taken += 1) {
    const committed = await transactions(index);
    const before = server.cpuMs();
    const started = performance.now();
    const answered = await requests(server.url, cookie, REQUESTS);
    const microseconds = ((server.cpuMs() - before) * 1000) / answered;
    const seconds = (performance.now() - started) / 1000;
    // Less the statistics query's own transaction.
    const perSecond = Math.max(0, (await transactions(index)) - committed - 1) / seconds;
    samples.get(name)!.push(microseconds);
    background.get(name)!.push(perSecond);
    console.error(
      `round ${round}: ${name}: ${microseconds.toFixed(1)} µs a request, ${perSecond.toFixed(1)} transactions a second`,
    );
  }
}

/** What the floor is started with: this checkout's database, session and logout address. */
let floorEnv: Record<string, string> | undefined;
let floorCookie = '';
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const [index, checkout] of checkouts.entries()) {
    const server = await startPlatform(PORT, { DATABASE_URL: databaseOf(index).href }, checkout);
    try {
      const cookie = await loginAs(server.url, demoData.people.officer);
      if (!cookie.startsWith(`${platformPlumbing.session.cookieName}=`)) throw new Error('no session');
      if (index === floorIndex) {
        if (!floorEnv) await loadTickets(server.url, FLOOR_TICKETS);
        floorCookie = cookie;
        floorEnv = {
          DATABASE_URL: databaseOf(floorIndex).href,
          FLOOR_OFFICER_TOKEN: cookie.slice(cookie.indexOf('=') + 1),
          FLOOR_LOGOUT_URL: await logoutUrlOf(server.url, cookie),
          FLOOR_TICKET_CODE: code(1),
          FLOOR_SPARE_TICKET_CODE: code(FLOOR_TICKETS),
        };
      }
      await sample(round, checkout, server, cookie, index);
    } finally {
      await server.stop();
    }
  }
  if (!floorEnv) continue;
  const floor = await startFloor(PORT, floorEnv);
  try {
    await sample(round, FLOOR, floor, floorCookie, floorIndex);
  } finally {
    await floor.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
console.log(
  "\n| checkout | samples | CPU µs a session check, median | min–max | its database's transactions a second meanwhile, median |\n|---|---:|---:|---|---:|",
);
for (const [name, values] of samples) {
  console.log(
    `| ${name} | ${values.length} | ${median(values).toFixed(1)} | ${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} | ${median(background.get(name)!).toFixed(1)} |`,
  );
}
// What the rates' "ratio to the floor" would be if each server's own CPU were all that bounded it.
if (floorEnv) {
  const floorMedian = median(samples.get(FLOOR)!);
  console.log('\n| checkout | the floor’s CPU a request over its own (medians) |\n|---|---:|');
  for (const checkout of checkouts)
    console.log(`| ${checkout} | ${(floorMedian / median(samples.get(checkout)!)).toFixed(2)} |`);
}
