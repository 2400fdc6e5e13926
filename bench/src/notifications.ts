/**
 * `npm run notifications -w bench` (DATABASE_URL, BENCH_PORT_BASE): what the notifications' outbox
 * (issue #30, docs/design.md §11) costs a write, and how fast it delivers. The companion request
 * (`POST /api/tickets/dependents/declarations/indicate`, naming another adult) writes the declaration,
 * its audit row, the notification and its pg-boss job in one transaction. Three servers on one fresh
 * PostgreSQL database: one that writes notifications, one with NOTIFICATIONS=false (benchmarks only:
 * the production profile refuses it) that makes the same write without them, both with
 * MAIL_DELIVERY=false, and a third that delivers, started for the drains and for the rounds that
 * measure the write while delivery runs beside it. Rounds of each kind alternate; the mail goes over
 * SMTP to a server in this process that counts it. Not a test: figures for bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { demoData } from '../../apps/server/src/bench-api';
import { SMTPServer } from 'smtp-server';
import { runSql } from './shared/database';
import { load, type Figures, type Scenario } from './shared/load';
import { startPlatform } from './shared/processes';
import { loginAs } from './shared/sign-in';
import { code, loadTickets } from './shared/tickets';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
/** Minors with a ticket each: every companion request takes the next one. */
const MINORS = Number(process.env.BENCH_NOTIFY_MINORS ?? 40_000);
const PORT = Number(process.env.BENCH_PORT_BASE ?? 9300) + 6;
const WITH = 'companion request';
const WITHOUT = 'companion request, NOTIFICATIONS=false';
/** The write with its notification while the delivering server sends the outbox's mail beside it. */
const ALONGSIDE = 'companion request, delivery alongside';
const GUARDIAN = demoData.people.guardian;
/** The demo companion, who has an e-mail address (the registry stand-in's). */
const COMPANION = demoData.people.companion.afm;

const minorAmka = (serial: number) => `5${String(serial).padStart(10, '0')}`;

/** An SMTP server that accepts and counts every message (what is received, not what is in it). */
async function countingSmtpServer() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL: the PostgreSQL server to make the bench database on');
  const name = `bench_notifications_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.href;
  const smtp = await countingSmtpServer();
  const mail = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url };
  const platform = await startPlatform(PORT, { ...mail, MAIL_DELIVERY: 'false' });
  const silent = await startPlatform(PORT + 1, { ...mail, MAIL_DELIVERY: 'false', NOTIFICATIONS: 'false' });
  /** The server that delivers, while it runs. */
  let deliverer: Awaited<ReturnType<typeof startPlatform>> | undefined;
  const database = new pg.Client({ connectionString: databaseUrl });
  try {
    await database.connect();
    console.error(`loading ${MINORS.toLocaleString('en')} tickets, each a minor's of the guardian…`);
    await loadTickets(platform.url, MINORS);
    await runSql(databaseUrl, [
      [
        `insert into citizens (amka, first_name, last_name, birth_date)
         select '5' || lpad(n::text, 10, '0'), 'ΠΑΙΔΙ', 'ΜΕΤΡΗΣΗΣ' || n, date '2014-05-05'
         from generate_series(1, $1::int) as n`,
        [MINORS],
      ],
      [
        `insert into guardianships (guardian_id, minor_id)
         select guardian.id, minor.id from citizens guardian, citizens minor
         where guardian.afm = $1 and minor.amka like '5%' and minor.first_name = 'ΠΑΙΔΙ'`,
        [GUARDIAN],
      ],
      [
        `update tickets set holder_amka = '5' || lpad(n::text, 10, '0')
         from generate_series(1, $1::int) as n where public_code = '49' || lpad(n::text, 10, '0')`,
        [MINORS],
      ],
      ['analyze', []],
    ]);
    // One session, valid on both servers (the database holds it).
    const cookie = await loginAs(platform.url, GUARDIAN);
    let next = 0;
    const request = (name: string, url: string): Scenario => ({
      name,
      method: 'POST',
      path: '/api/tickets/dependents/declarations/indicate',
      headers: { cookie, origin: url },
      body: () => {
        next += 1;
        if (next > MINORS) throw new Error('out of minors: raise BENCH_NOTIFY_MINORS');
        return JSON.stringify({ publicCode: code(next), afm: COMPANION, amka: minorAmka(next) });
      },
    });
    const count = async (where: string) =>
      Number((await database.query(`select count(*)::int as n from notifications ${where}`)).rows[0].n);
    const pending = () => count(`where email_status = 'PENDING'`);
    const startDeliverer = async () => {
      deliverer ??= await startPlatform(PORT + 2, mail);
    };
    const stopDeliverer = async () => {
      await deliverer?.stop();
      deliverer = undefined;
    };
    /** Delivers the outbox's backlog (the deliverer started first); answers the messages a second. */
    const drain = async () => {
      await startDeliverer();
      const backlog = await pending();
      const started = performance.now();
      while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const seconds = (performance.now() - started) / 1000;
      return { backlog, seconds, rate: backlog / seconds };
    };
    const figures: Record<string, Figures[]> = {};
    const drains: Awaited<ReturnType<typeof drain>>[] = [];
    /** Of the messages written in each round with delivery alongside, those sent by its end. */
    const keptPace: { written: number; sent: number }[] = [];
    // Not measured: each writing server's first seconds under load (its statements prepared on each
    // connection, its code compiled), which would fall in the first round's first kind.
    for (const server of [platform, silent]) await load(server.url, request('warm-up', server.url), 3);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = [WITH, WITHOUT, ALONGSIDE];
      for (const name of round % 2 === 0 ? order : order.reverse()) {
        // Each round starts on an empty outbox, the deliverer running only beside ALONGSIDE.
        if ((await pending()) > 0) await drain();
        if (name === ALONGSIDE) await startDeliverer();
        else await stopDeliverer();
        // As pgbench before each run: the rounds before leave dead rows (the marks, the jobs done) and
        // unwritten pages, whose vacuum and checkpoint would otherwise fall in whichever round is next.
        await runSql(databaseUrl, [
          ['vacuum (analyze)', []],
          ['checkpoint', []],
        ]);
        console.error(`round ${round + 1}: ${name}…`);
        const server = name === WITHOUT ? silent : platform;
        const before = await count('');
        (figures[name] ??= []).push(await load(server.url, request(name, server.url), SECONDS));
        if (name === ALONGSIDE) {
          const written = (await count('')) - before;
          keptPace.push({ written, sent: written - (await pending()) });
        }
        // The delivery rate alone: nothing else runs while the deliverer sends the round's backlog.
        if (name === WITH) drains.push(await drain());
      }
    }
    await stopDeliverer();
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const rate = (name: string) => mean((figures[name] ?? []).map((row) => row.requestsPerSecond));
    const percentOfWithout = (name: string) => ((rate(name) / rate(WITHOUT)) * 100).toFixed(1);
    const sent = await count(`where email_status = 'SENT'`);
    const load1 = (await import('node:os')).loadavg()[0]?.toFixed(2);
    console.log(`\n${new Date().toISOString()}, load average (1 min) at the end ${load1}`);
    console.log(`${ROUNDS} rounds of ${SECONDS} s each, 50 connections, PostgreSQL\n`);
    console.log('| scenario | req/s per round | mean req/s | p99 ms (last round) | errors |');
    console.log('|---|---|---|---|---|');
    for (const [name, rows] of Object.entries(figures)) {
      console.log(
        `| ${name} | ${rows.map((row) => row.requestsPerSecond).join(', ')} | ${Math.round(mean(rows.map((row) => row.requestsPerSecond)))} | ${rows.at(-1)?.p99} | ${rows.reduce((sum, row) => sum + row.errors, 0)} |`,
      );
    }
    console.log(
      `\nwith a notification: ${percentOfWithout(WITH)} % of the rate without one; ` +
        `with delivery alongside: ${percentOfWithout(ALONGSIDE)} % (sent by the end of each such round: ${keptPace
          .map((row) => `${row.sent} of ${row.written}`)
          .join('; ')})`,
    );
    console.log(
      `outbox delivery to the local SMTP server, the backlog of each round: ${drains
        .map((row) => `${row.backlog} in ${row.seconds.toFixed(1)} s (${Math.round(row.rate)}/s)`)
        .join('; ')}`,
    );
    console.log(`messages received by the SMTP server: ${smtp.received()}, marked SENT: ${sent}`);
  } finally {
    await database.end().catch(() => undefined);
    await deliverer?.stop();
    await silent.stop();
    await platform.stop();
    await smtp.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
