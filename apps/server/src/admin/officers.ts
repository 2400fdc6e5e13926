import { and, asc, eq, isNull } from 'drizzle-orm';
import { isValidAfm, maskIdentifier } from '@tickets/domain';
import type { Db } from '../db/client';
import { gateDevices, officers, organisations } from '../db/schema';
import { audit } from '../shared/audit';

/** Officer and organisation management: the admin command's verbs, also used by the demo data. */

export class AdminInputError extends Error {}

export async function addOrganisation(
  db: Db,
  actor: string,
  organisation: { id: string; name: string },
): Promise<void> {
  if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(organisation.id)) {
    throw new AdminInputError('An organisation id is 2–63 lower-case letters, digits or hyphens.');
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(organisations)
      .values(organisation)
      .onConflictDoUpdate({ target: organisations.id, set: { name: organisation.name } });
    await audit(tx, {
      actor,
      action: 'ORGANISATION_UPSERT',
      subject: organisation.id,
      details: { name: organisation.name },
    });
  });
}

export async function addOfficer(
  db: Db,
  actor: string,
  afm: string,
  organisationId: string | null,
): Promise<void> {
  if (!isValidAfm(afm)) throw new AdminInputError('Not a valid ΑΦΜ (9 digits with a correct check digit).');
  await db.transaction(async (tx) => {
    if (organisationId) {
      const [organisation] = await tx
        .select()
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      if (!organisation) throw new AdminInputError(`No organisation "${organisationId}": add it first.`);
    }
    await tx
      .insert(officers)
      .values({ afm, organisationId, active: true })
      .onConflictDoUpdate({
        target: officers.afm,
        set: { organisationId, active: true, updatedAt: new Date() },
      });
    await audit(tx, { actor, action: 'OFFICER_ADD', subject: afm, details: { organisationId } });
  });
}

/**
 * Deactivates (never deletes, docs/design.md §2): the person is a citizen again from their next request.
 * The gate devices they registered are revoked in the same transaction, by the actor: an inactive
 * officer's devices already stop working (`isLiveDevice`), but only while the officer stays inactive,
 * and re-adding him later must not bring back phones that may since have been lost or handed on.
 */
export async function removeOfficer(db: Db, actor: string, afm: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(officers)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(officers.afm, afm))
      .returning({ afm: officers.afm });
    if (updated.length === 0) return false;
    const revoked = await tx
      .update(gateDevices)
      .set({ revokedAt: new Date(), revokedBy: actor })
      .where(and(eq(gateDevices.createdBy, afm), isNull(gateDevices.revokedAt)))
      .returning({ id: gateDevices.id });
    await audit(tx, {
      actor,
      action: 'OFFICER_REMOVE',
      subject: afm,
      details: { revokedGateDevices: revoked.length },
    });
    return true;
  });
}

export async function listOfficers(db: Db) {
  const rows = await db.select().from(officers).orderBy(asc(officers.afm));
  return rows.map((row) => ({
    afm: maskIdentifier(row.afm),
    organisation: row.organisationId ?? '(platform-wide)',
    active: row.active,
  }));
}
