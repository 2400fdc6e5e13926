import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_PEOPLE } from '../src/demo/seed';
import { freePortish, freshPostgres, killHard, startServer } from './support';

/**
 * Horizontal scale (docs/design.md §2) through the repository's own balancer, deploy/haproxy.cfg:
 * three server processes on one PostgreSQL, started at the same moment on a fresh database with the
 * demo data.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('three processes behind HAProxy on one PostgreSQL', () => {
  const base = freePortish();
  const ports = [base, base + 1, base + 2];
  const servers: (ChildProcess | undefined)[] = [];
  const logs: string[][] = [[], [], []];
  let postgres: Awaited<ReturnType<typeof freshPostgres>>;
  let started: PromiseSettledResult<ChildProcess>[] = [];
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
    postgres = await freshPostgres();
    const env = { DATABASE_URL: postgres.url };
    started = await Promise.allSettled(ports.map((port, index) => startServer(port, env, logs[index])));
    started.forEach((result, index) => {
      if (result.status === 'fulfilled') servers[index] = result.value;
    });
  });

  afterAll(async () => {
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
    const repeated = await query(
      `select action, subject, count(*)::int as n from audit_log where request_id = 'demo-data'
       and action not like 'PROVIDER_%' group by action, subject having count(*) > 1`,
    );
    expect(repeated).toEqual([]);
    const notifications = await query(
      `select kind, params::text, count(*)::int as n from notifications group by kind, params::text`,
    );
    expect(notifications.length).toBeGreaterThan(0);
    expect(notifications.filter((row: { n: number }) => row.n !== 1)).toEqual([]);
    const events = await query(`select count(*)::int as n from events where external_id = 'demo-derby'`);
    expect(events).toEqual([{ n: 1 }]);
  });
});
