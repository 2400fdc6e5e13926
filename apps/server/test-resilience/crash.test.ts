import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { auditLog, tickets } from '../src/db/schema';
import { demoTicketCode } from '../src/demo/events';
import { loginAs } from '../test/support/login';

/**
 * `kill -9` of the server in the middle of a write load: every write it acknowledged must be
 * in the database afterwards, with its audit row — on PGlite (files) and on PostgreSQL.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const targets = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])] as const;

async function startServer(port: number, database: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'false',
      DATABASE_URL: '',
      ...database,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://localhost:${port}/readyz`)).ok) return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

describe.each(targets)('a crash under write load on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps every acknowledged personalisation and its audit row', async () => {
    let database: Record<string, string>;
    let reopen: () => Promise<Database>;
    if (target === 'pglite') {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'tickets-crash-'));
      database = { DATA_DIR: dataDir };
      reopen = () => openDatabase({ kind: 'pglite', dataDir });
    } else {
      const name = `tickets_crash_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${name}`;
      database = { DATABASE_URL: url.href };
      reopen = () => openDatabase({ kind: 'postgres', url: url.href });
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      });
    }
    const port = 21_000 + Math.floor(Math.random() * 9000);
    const base = `http://localhost:${port}`;
    const server = await startServer(port, database);
    const { cookie } = await loginAs(base, '100000003');

    const acknowledged: string[] = [];
    let serial = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        serial += 1;
        const code = demoTicketCode('3', serial % 2 === 0 ? 1 : 2, Math.ceil(serial / 2));
        if (serial > 120) return;
        try {
          const response = await fetch(`${base}/api/ticket-office/personalize`, {
            method: 'POST',
            headers: { origin: base, cookie, 'content-type': 'application/json' },
            body: JSON.stringify({
              ticketCode: code,
              firstName: 'ΜΑΡΙΑ',
              lastName: 'ΚΡΑΣΗ',
              documentType: 'PASSPORT',
              documentId: `Κ${serial}`,
            }),
          });
          if (response.status === 200) acknowledged.push(code);
        } catch {
          return; // the server is gone
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    while (acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 5));
    server.kill('SIGKILL');
    killed = true;
    await load;
    await new Promise((resolve) => server.once('exit', resolve));

    // The kill came in the middle of the load, not after it.
    expect(serial).toBeLessThan(120);

    const reopened = await reopen();
    try {
      const bound = await reopened.db.select().from(tickets).where(inArray(tickets.publicCode, acknowledged));
      expect(
        bound
          .filter((ticket) => ticket.documentId !== null)
          .map((ticket) => ticket.publicCode)
          .sort(),
      ).toEqual([...acknowledged].sort());
      const audited = await reopened.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.subject, acknowledged));
      expect(new Set(audited.map((row) => row.subject))).toEqual(new Set(acknowledged));
    } finally {
      await reopened.close();
    }
  });
});
