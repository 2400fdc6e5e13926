import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { auditLog } from '../db/schema';
import { auditWriter } from './audit';

describe('audit rows of concurrent requests', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  });
  afterAll(() => database.close());

  it('are each committed before their request goes on, in a few shared INSERTs', async () => {
    const { db } = database;
    let inserts = 0;
    const write = auditWriter({
      execute: (query) => {
        inserts += 1;
        return db.execute(query);
      },
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
    const write = auditWriter({
      execute: (query) => {
        if (refuse) {
          refuse = false;
          throw new Error('database unavailable');
        }
        return db.execute(query);
      },
    });
    const first = write({ actor: 'test', action: 'REFUSED' });
    const later = write({ actor: 'test', action: 'ACCEPTED_LATER' });
    await expect(first).rejects.toThrow('database unavailable');
    await expect(later).resolves.toBeUndefined();
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'ACCEPTED_LATER'))).toHaveLength(1);
  });

  it('keeps every field of every row, absent ones as NULL', async () => {
    const { db } = database;
    const write = auditWriter(db);
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
});
