/**
 * `DATABASE_URL=… CPU_CHECKOUTS=/path/a,/path/b npm run cpu -w @tickets/bench`: the CPU time a
 * server's own process spends on a session check (GET /api/auth/user), for the platform of each
 * checkout named (this one when none is), the floor (`floor/server.ts`, this checkout's), and
 * `npm run framework`'s `node:http` handler and bare Fastify route: #41's bar for the session check is
 * what Fastify alone leaves of `node:http`, less 0.05, so both sides of it are read here together.
 *
 * A rate is the machine's: on two cores shared with other work it moves by a fifth from one run to
 * the next, and so does the CPU a request, with the machine's own speed (2026-11-28: the same code
 * 31–43 µs within minutes). So every server runs at once, and they take the load in turns, one short
 * burst each, in `CPU_CYCLES` cycles whose order rotates: a drift of the machine's speed falls on all
 * of them alike, and each ratio is taken within one cycle (their median is printed). Each checkout runs
 * on a database of its own (`<database>_cpu_<n>`, made here), migrated and given the demo data by its
 * own server.
 *
 * One more platform of this checkout, on a database of its own (`<database>_cpu_served`), first serves
 * each of `npm run bench`'s other scenarios for a second (its tickets imported through the provider
 * API before): the same code, after the traffic a live process has seen. Every other server has
 * served only session checks.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoData, platformPlumbing } from '../../apps/server/src/bench-api';
import { load } from './shared/load';
import { repoRoot, startFloor, startFrameworkServer, startPlatform, type Running } from './shared/processes';
import { scenarios } from './shared/scenarios';
import { loginAs, logoutUrlOf } from './shared/sign-in';
import { code, loadTickets } from './shared/tickets';

const CYCLES = Number(process.env.CPU_CYCLES ?? 20);
/** One server's turn in a cycle: long enough for `/proc`'s 10 ms ticks to be a per cent of it. */
const BURST_SECONDS = 1;
const WARM_UP_SECONDS = 3;
const PORT = Number(process.env.BENCH_PORT_BASE ?? 9300) + 1;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL the checkouts make their databases in');
const checkouts = (process.env.CPU_CHECKOUTS ?? repoRoot).split(',').filter(Boolean);
/** The floor runs this checkout's code, so on the database this checkout's server migrated. */
const floorIndex = checkouts.findIndex((checkout) => path.resolve(checkout) === repoRoot);
if (floorIndex < 0) throw new Error(`${repoRoot} must be among CPU_CHECKOUTS: its floor is the reference`);

const databaseOf = (index: number | 'served') => {
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname.slice(1)}_cpu_${index}`;
  return url;
};
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
for (const index of [...checkouts.keys(), 'served' as const]) {
  const name = databaseOf(index).pathname.slice(1);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
}

/** Tickets the floor's database is given: the floor's start-up replays a personalization of two. */
const FLOOR_TICKETS = 20;
const FLOOR = 'the floor';
const NODE_HTTP = 'node:http (framework)';
const FASTIFY = 'a bare Fastify route';
const SERVED = 'this checkout, after the other scenarios';
/** Enough for a second of personalizations, which count down from the last ticket. */
const SERVED_TICKETS = 5_000;

interface Measured {
  name: string;
  server: Running;
  cookie: string;
  /** Per cycle: the process's CPU µs a request in its burst, and its requests a second. */
  microseconds: number[];
  rates: number[];
  requests: number;
  cpuMs: number;
}

/** Load for `seconds`; answers the requests answered, every one a 2xx or it throws. */
const burst = (url: string, cookie: string, seconds: number) =>
  new Promise<number>((resolve, reject) => {
    autocannon(
      { url: `${url}/api/auth/user`, headers: { cookie }, connections: 50, duration: seconds },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx + result.errors > 0) reject(new Error(`${result.non2xx} answers not 2xx`));
        else resolve(result.requests.total);
      },
    );
  });

/** Transactions committed in a checkout's database so far (a kept session check sends none). */
async function transactions(index: number): Promise<number> {
  const { rows } = await admin.query<{ count: string }>(
    'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
    [databaseOf(index).pathname.slice(1)],
  );
  return Number(rows[0]?.count ?? 0);
}

const running: Measured[] = [];
const measure = (name: string, server: Running, cookie: string): Measured => {
  const measured = { name, server, cookie, microseconds: [], rates: [], requests: 0, cpuMs: 0 };
  running.push(measured);
  return measured;
};
try {
  let port = PORT;
  let floorEnv: Record<string, string> | undefined;
  let floorCookie = '';
  for (const [index, checkout] of checkouts.entries()) {
    const server = await startPlatform(port++, { DATABASE_URL: databaseOf(index).href }, checkout);
    const cookie = await loginAs(server.url, demoData.people.officer);
    if (!cookie.startsWith(`${platformPlumbing.session.cookieName}=`)) throw new Error('no session');
    measure(checkout, server, cookie);
    if (index !== floorIndex) continue;
    await loadTickets(server.url, FLOOR_TICKETS);
    floorCookie = cookie;
    floorEnv = {
      DATABASE_URL: databaseOf(floorIndex).href,
      FLOOR_OFFICER_TOKEN: cookie.slice(cookie.indexOf('=') + 1),
      FLOOR_LOGOUT_URL: await logoutUrlOf(server.url, cookie),
      FLOOR_TICKET_CODE: code(1),
      FLOOR_SPARE_TICKET_CODE: code(FLOOR_TICKETS),
    };
  }
  measure(FLOOR, await startFloor(port++, floorEnv!), floorCookie);
  // Stopped with the others whatever happens next; its cookie is known once it has signed in.
  const served = measure(
    SERVED,
    await startPlatform(port++, { DATABASE_URL: databaseOf('served').href }),
    '',
  );
  await loadTickets(served.server.url, SERVED_TICKETS);
  const servedCookies = {
    officer: await loginAs(served.server.url, demoData.people.officer),
    guardian: await loginAs(served.server.url, demoData.people.guardian),
  };
  served.cookie = servedCookies.officer;
  const others = scenarios(served.server.url, servedCookies, SERVED_TICKETS).filter(
    ({ name }) => name !== 'session check',
  );
  for (const scenario of others) {
    // Over only 5,000 tickets, the stats lookup's random codes trip its sweep guard now and then (429).
    const figures = await load(served.server.url, scenario, 1, false);
    console.error(
      `served first: ${scenario.name}, ${figures.requestsPerSecond}/s, ${figures.errors} not 2xx`,
    );
  }
  const token = randomBytes(32).toString('base64url');
  const frameworkCookie = `${platformPlumbing.session.cookieName}=${token}`;
  measure(NODE_HTTP, await startFrameworkServer(port++, 'node:http', token), frameworkCookie);
  measure(FASTIFY, await startFrameworkServer(port++, 'fastify', token), frameworkCookie);

  for (const { server, cookie } of running) await burst(server.url, cookie, WARM_UP_SECONDS);
  const committed = await Promise.all(checkouts.map((_, index) => transactions(index)));
  const started = performance.now();
  for (let cycle = 0; cycle < CYCLES; cycle += 1) {
    for (let turn = 0; turn < running.length; turn += 1) {
      const measured = running[(cycle + turn) % running.length]!;
      const before = measured.server.cpuMs();
      const answered = await burst(measured.server.url, measured.cookie, BURST_SECONDS);
      const cpuMs = measured.server.cpuMs() - before;
      measured.microseconds.push((cpuMs * 1000) / answered);
      measured.rates.push(answered / BURST_SECONDS);
      measured.requests += answered;
      measured.cpuMs += cpuMs;
    }
    console.error(
      `cycle ${cycle + 1} of ${CYCLES}: ${running.map(({ name, microseconds }) => `${name} ${microseconds.at(-1)!.toFixed(1)}`).join(', ')} µs`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const background = await Promise.all(
    checkouts.map(async (_, index) => ((await transactions(index)) - committed[index]!) / seconds),
  );

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const byName = new Map(running.map((measured) => [measured.name, measured]));
  /**
   * Per cycle, `name`'s rate over `reference`'s, and `reference`'s CPU a request over `name`'s: the
   * ratio a rate would show, were the server's CPU all that bounded it.
   */
  const ratios = (reference: string, name: string, of: 'rates' | 'microseconds') => {
    const [own, other] = [byName.get(name)![of], byName.get(reference)![of]];
    return own.map((value, cycle) => (of === 'rates' ? value / other[cycle]! : other[cycle]! / value));
  };
  const spread = (values: number[]) =>
    `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

  console.log(
    `\n${CYCLES} cycles of a ${BURST_SECONDS} s burst each, all servers running throughout.\n\n| server | requests | CPU µs a session check, all bursts | per burst, median (min–max) | its database's transactions a second |\n|---|---:|---:|---|---:|`,
  );
  for (const { name, requests, cpuMs, microseconds } of running) {
    const index = checkouts.indexOf(name);
    console.log(
      `| ${name} | ${requests.toLocaleString('en')} | ${((cpuMs * 1000) / requests).toFixed(1)} | ${spread(microseconds)} | ${index < 0 ? '—' : background[index]!.toFixed(1)} |`,
    );
  }
  console.log('\n| ratio, per cycle: median (min–max) | of CPU a request | of rates |\n|---|---|---|');
  const row = (label: string, of: (kind: 'rates' | 'microseconds') => number[]) =>
    console.log(`| ${label} | ${spread(of('microseconds'))} | ${spread(of('rates'))} |`);
  const fastify = (of: 'rates' | 'microseconds') => ratios(NODE_HTTP, FASTIFY, of);
  row('a bare Fastify route to node:http', fastify);
  for (const checkout of checkouts) {
    const platform = (of: 'rates' | 'microseconds') => ratios(FLOOR, checkout, of);
    row(`${checkout} to the floor`, platform);
    row(`${checkout}: that less the bare route's (#41: ≥ −0.05)`, (of) =>
      platform(of).map((ratio, cycle) => ratio - fastify(of)[cycle]!),
    );
  }
  row(`${SERVED}, to ${checkouts[floorIndex]} without them`, (of) =>
    ratios(checkouts[floorIndex]!, SERVED, of),
  );
} finally {
  await Promise.all(running.map(({ server }) => server.stop()));
  await admin.end();
}
