import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { auditLog } from '../db/schema';
import { openMigratedCopy } from '../../test/support/migrated-copies';
import { audit, type AuditEntry } from './audit';

/**
 * What `audit` does for a request with the database `db` stands for; given `through`, over `db`'s
 * PGlite with every statement going through `through` (to count or refuse them).
 */
function writerOn(db: Db, through?: (send: () => Promise<unknown>) => Promise<unknown>) {
  if (!through) return (entry: AuditEntry) => audit(db, entry);
  const seen = new Proxy((db as unknown as { $client: PGlite }).$client, {
    get(client, property) {
      if (property === 'query') {
        return (...query: Parameters<PGlite['query']>) => through(() => client.query(...query));
      }
      const value: unknown = Reflect.get(client, property, client);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
    },
  });
  const on = drizzle(seen, { schema }) as unknown as Db;
  return (entry: AuditEntry) => audit(on, entry);
}

describe('audit rows of concurrent requests', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedCopy({ kind: 'pglite', dataDir: undefined });
  });
  afterAll(() => database.close());

  it('are each committed before their request goes on, in a few shared INSERTs', async () => {
    const { db } = database;
    let inserts = 0;
    const write = writerOn(db, (send) => {
      inserts += 1;
      return send();
    });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => write({ actor: 'test', action: 'BATCHED', requestId: `r${i}` })),
    );
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'BATCHED'));
    expect(rows.map((row) => row.requestId).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `r${i}`).sort(),
    );
    expect(inserts).toBeLessThanOrEqual(2);
  });

  it('fails the requests of a batch the database refused, and only those', async () => {
    const { db } = database;
    let refuse = true;
    const write = writerOn(db, (send) => {
      if (refuse) {
        refuse = false;
        throw new Error('database unavailable');
      }
      return send();
    });
    const first = write({ actor: 'test', action: 'REFUSED' });
    const later = write({ actor: 'test', action: 'ACCEPTED_LATER' });
    // drizzle's error, with the driver's as its cause.
    await expect(first).rejects.toMatchObject({ cause: { message: 'database unavailable' } });
    await expect(later).resolves.toBeUndefined();
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'ACCEPTED_LATER'))).toHaveLength(1);
  });

  it('keeps every field of every row, absent ones as NULL', async () => {
    const { db } = database;
    const write = writerOn(db);
    await Promise.all([
      write({
        actor: 'a',
        action: 'FIELDS',
        subject: 'Σ1',
        requestId: 'q1',
        details: { rows: 2, note: 'ά"\\' },
      }),
      write({ actor: 'b', action: 'FIELDS' }),
    ]);
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'FIELDS'));
    expect(
      rows
        .map(({ actor, subject, requestId, details }) => ({ actor, subject, requestId, details }))
        .sort((x, y) => x.actor.localeCompare(y.actor)),
    ).toEqual([
      { actor: 'a', subject: 'Σ1', requestId: 'q1', details: { rows: 2, note: 'ά"\\' } },
      { actor: 'b', subject: null, requestId: null, details: null },
    ]);
  });

  it('in a transaction, are written with its writes: both or neither', async () => {
    const { db } = database;
    await db.transaction((tx) => audit(tx, { actor: 'test', action: 'IN_TRANSACTION' }));
    await expect(
      db.transaction(async (tx) => {
        await audit(tx, { actor: 'test', action: 'ROLLED_BACK' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const actions = (await db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toContain('IN_TRANSACTION');
    expect(actions).not.toContain('ROLLED_BACK');
  });
});
