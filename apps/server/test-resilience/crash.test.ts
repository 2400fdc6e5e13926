import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { auditLog, tickets } from '../src/db/schema';
import { loginAs } from '../test/support/login';
import { demoCode, freePortish, freshPostgres, killHard, personalisationLoad, startServer } from './support';

/**
 * `kill -9` of the server in the middle of a write load: every write it acknowledged must be
 * in the database afterwards, with its audit row — on PGlite (files) and on PostgreSQL.
 */
const targets = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])] as const;
const MAX = 120;

describe.each(targets)('a crash under write load on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps every acknowledged personalisation and its audit row', async () => {
    let env: Record<string, string>;
    let reopen: () => Promise<Database>;
    if (target === 'pglite') {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'tickets-crash-'));
      env = { DATA_DIR: dataDir };
      reopen = () => openDatabase({ kind: 'pglite', dataDir });
    } else {
      const postgres = await freshPostgres();
      cleanups.push(postgres.drop);
      env = { DATABASE_URL: postgres.url };
      reopen = () => openDatabase({ kind: 'postgres', url: postgres.url });
    }
    const port = freePortish();
    const base = `http://localhost:${port}`;
    const server = await startServer(port, env);
    const { cookie } = await loginAs(base, '100000003');

    const load = personalisationLoad(base, cookie, demoCode, MAX);
    while (load.acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 5));
    await killHard(server);
    await load.stop();
    // The kill came in the middle of the load, not after it.
    expect(load.acknowledged.length).toBeLessThan(MAX);

    const reopened = await reopen();
    try {
      const bound = await reopened.db
        .select()
        .from(tickets)
        .where(inArray(tickets.publicCode, load.acknowledged));
      expect(
        bound
          .filter((ticket) => ticket.documentId !== null)
          .map((ticket) => ticket.publicCode)
          .sort(),
      ).toEqual([...load.acknowledged].sort());
      const audited = await reopened.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.subject, load.acknowledged));
      expect(new Set(audited.map((row) => row.subject))).toEqual(new Set(load.acknowledged));
    } finally {
      await reopened.close();
    }
  });
});
