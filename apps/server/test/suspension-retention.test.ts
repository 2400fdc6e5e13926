import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, suspensionKeys, suspensions } from '../src/db/schema';
import { eraseExpiredPersonalData } from '../src/retention';
import { insertSuspension } from './support/suspensions';
import { noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

/**
 * Lifted and ended suspensions lose their identifiers and keys SUSPENSION_RETENTION_DAYS after they
 * end (README "Retention of personal data"); the row, its dates and the audit trail's ids stay.
 */
const DAY = 24 * 60 * 60_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const KEEP_DAYS = 365;

describe.each(engines)('the retention of suspensions on %s', (engine) => {
  const server = useTestServer(engine);
  const db = () => server.database.db;
  const person = (n: number) => ({
    afm: null,
    amka: `0101700000${n}`,
    documentId: `ΖΖ90000${n}`,
    firstName: 'ΠΕΤΡΟΣ',
    fathersName: 'ΙΩΑΝΝΗΣ',
    lastName: `ΑΡΧΕΙΟΥ${n}`,
    dateOfBirth: '1970-01-01',
    createdBy: '100000003',
  });

  it('erases the identifiers and keys of suspensions that ended or were lifted long enough ago, and no other', async () => {
    const endedLongAgo = await insertSuspension(db(), { ...person(1), endDate: dayAgo(KEEP_DAYS + 5) });
    const liftedLongAgo = await insertSuspension(db(), {
      ...person(2),
      endDate: '2099-12-31',
      active: false,
      deletedAt: new Date(Date.now() - (KEEP_DAYS + 5) * DAY),
      deletedBy: '100000003',
    });
    const endedRecently = await insertSuspension(db(), { ...person(3), endDate: dayAgo(10) });
    const liftedRecently = await insertSuspension(db(), {
      ...person(4),
      endDate: '2099-12-31',
      active: false,
      deletedAt: new Date(Date.now() - 10 * DAY),
      deletedBy: '100000003',
    });
    const inForce = await insertSuspension(db(), { ...person(5), endDate: '2099-12-31' });
    await db()
      .insert(auditLog)
      .values({ actor: '100000003', action: 'SUSPENSION_ADD', subject: String(endedLongAgo.id) });

    const counts = await eraseExpiredPersonalData(db(), 183, KEEP_DAYS);
    expect(counts?.suspensions).toBe(2);

    const ids = [endedLongAgo, liftedLongAgo, endedRecently, liftedRecently, inForce].map((row) => row.id);
    const rows = await db().select().from(suspensions).where(inArray(suspensions.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const erased of [endedLongAgo, liftedLongAgo]) {
      expect(byId.get(erased.id)).toMatchObject({
        ...noPerson,
        endDate: erased.endDate,
        createdBy: '100000003',
      });
      expect(
        await db().select().from(suspensionKeys).where(eq(suspensionKeys.suspensionId, erased.id)),
      ).toEqual([]);
    }
    for (const kept of [endedRecently, liftedRecently, inForce]) {
      expect(byId.get(kept.id)).toMatchObject({ amka: kept.amka, lastName: kept.lastName });
      expect(
        (await db().select().from(suspensionKeys).where(eq(suspensionKeys.suspensionId, kept.id))).length,
      ).toBeGreaterThan(0);
    }
    // The audit trail keeps the suspension's id.
    const trail = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, String(endedLongAgo.id)));
    expect(trail.map((row) => row.action)).toContain('SUSPENSION_ADD');
    // Nothing left to erase: a second run erases nothing.
    expect((await eraseExpiredPersonalData(db(), 183, KEEP_DAYS))?.suspensions).toBe(0);
  });
});
