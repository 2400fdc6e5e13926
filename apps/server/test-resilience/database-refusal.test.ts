import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@tickets/domain';
import { loginAs } from '../test/support/login';
import { demoCode, freePortish, killHard, startServer } from './support';

/**
 * PostgreSQL is up but will not take a new connection (issue #40, item 4): the database refuses them
 * (`ALLOW_CONNECTIONS false`, SQLSTATE 55000) or is full (53300, too many connections). Every request
 * that needs one is answered 503 with Retry-After, as when the database is unreachable, never 500;
 * once it takes connections again the server serves by itself.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A role of its own, not a superuser: PostgreSQL exempts superusers from connection limits. */
async function freshDatabaseOwnedByRole() {
  const admin = process.env.DATABASE_URL as string;
  const name = `tickets_ref_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create role ${name} login`);
  await run(`create database ${name} owner ${name}`);
  const url = new URL(admin);
  url.username = name;
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    run,
    /** Ends the server's open connections, so that its next requests need new ones. */
    endConnections: () =>
      run(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`),
    drop: async () => {
      await run(`drop database if exists ${name} with (force)`);
      await run(`drop role if exists ${name}`);
    },
  };
}

const refusals = [
  {
    title: 'refusing connections (55000)',
    refuse: (name: string) => `alter database ${name} allow_connections false`,
    allow: (name: string) => `alter database ${name} allow_connections true`,
  },
  {
    title: 'full (53300)',
    refuse: (name: string) => `alter role ${name} connection limit 0`,
    allow: (name: string) => `alter role ${name} connection limit -1`,
  },
];

describe.skipIf(!process.env.DATABASE_URL).each(refusals)('the database $title', ({ refuse, allow }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 503 with Retry-After, never 500, and serves again once it is allowed', async () => {
    const database = await freshDatabaseOwnedByRole();
    cleanups.push(database.drop);
    const port = freePortish();
    const server = await startServer(port, { DATABASE_URL: database.url });
    cleanups.push(() => killHard(server));
    const base = `http://localhost:${port}`;
    const { cookie } = await loginAs(base, '100000003');
    const headers = { origin: base, cookie, 'content-type': 'application/json' };
    const personalize = (serial: number) =>
      fetch(`${base}/api/ticket-office/personalize`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          ticketCode: demoCode(serial),
          firstName: 'ΜΑΡΙΑ',
          lastName: 'ΚΡΑΣΗ',
          documentType: 'PASSPORT',
          documentId: `Κ${serial}`,
        }),
      });
    expect((await personalize(1)).status).toBe(200);

    await database.run(refuse(database.name));
    await database.endConnections();
    const answers: Response[] = [];
    for (let serial = 2; serial < 6; serial += 1) {
      answers.push(await personalize(serial));
      answers.push(await fetch(`${base}/api/ticket-office/transfer-events`, { headers }));
      answers.push(await fetch(`${base}/readyz`));
    }
    for (const answer of answers) {
      expect({ url: answer.url, status: answer.status }).toEqual({ url: answer.url, status: 503 });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await answer.json()).toEqual({
        exceptions: {
          errors: [
            { code: 'SERVICE_UNAVAILABLE', description: errorCatalogue.SERVICE_UNAVAILABLE.description },
          ],
        },
      });
    }

    await database.run(allow(database.name));
    const deadline = Date.now() + 10_000;
    while ((await fetch(`${base}/readyz`)).status !== 200 && Date.now() < deadline) await sleep(100);
    expect((await personalize(7)).status).toBe(200);
  });
});
