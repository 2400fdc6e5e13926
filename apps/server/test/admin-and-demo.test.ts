import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { isValidAfm, isValidAmka } from '@tickets/domain';
import { AdminInputError, addOfficer, listOfficers, removeOfficer } from '../src/admin/officers';
import { auditLog, citizens, guardianships, officers } from '../src/db/schema';
import { seedDemoData } from '../src/demo';
import { engines, useTestServer } from './support/test-server';

describe.each(engines)('officer administration and demo data on %s', (engine) => {
  const server = useTestServer(engine);
  const db = () => server.database.db;

  it('seeds valid people, two minors of the guardian and three officers (one of each club), idempotently', async () => {
    const before = await db().select({ n: count() }).from(citizens);
    const auditBefore = await db().select({ n: count() }).from(auditLog);
    await seedDemoData(db(), new Date(), server.config);
    expect(await db().select({ n: count() }).from(citizens)).toEqual(before);
    expect(await db().select({ n: count() }).from(auditLog)).toEqual(auditBefore);

    const people = await db().select().from(citizens);
    for (const person of people) {
      expect(isValidAmka(person.amka)).toBe(true);
      if (person.afm) expect(isValidAfm(person.afm)).toBe(true);
    }
    const [guardian] = await db().select().from(citizens).where(eq(citizens.afm, '100000027'));
    const minors = await db()
      .select()
      .from(guardianships)
      .where(eq(guardianships.guardianId, guardian?.id ?? -1));
    expect(minors).toHaveLength(2);
    expect((await listOfficers(db())).map((row) => row.organisation)).toEqual([
      '(platform-wide)',
      'ae-olympiada',
      'kae-akropoli',
    ]);
  });

  it('refuses an invalid AFM or an unknown organisation, changing nothing', async () => {
    await expect(addOfficer(db(), 'test', '100000004', null)).rejects.toThrow(AdminInputError);
    await expect(addOfficer(db(), 'test', '100000039', 'no-such-club')).rejects.toThrow(/No organisation/);
    expect(await db().select().from(officers).where(eq(officers.afm, '100000039'))).toHaveLength(0);
  });

  it('deactivates rather than deletes, with an audit row for each change', async () => {
    await addOfficer(db(), 'test', '100000039', 'kae-akropoli');
    expect(await removeOfficer(db(), 'test', '100000039')).toBe(true);
    const [row] = await db().select().from(officers).where(eq(officers.afm, '100000039'));
    expect(row?.active).toBe(false);
    const actions = await db().select().from(auditLog).where(eq(auditLog.subject, '100000039'));
    expect(actions.map((entry) => entry.action)).toEqual(['OFFICER_ADD', 'OFFICER_REMOVE']);
    expect(await removeOfficer(db(), 'test', '100000048')).toBe(false);
  });
});
