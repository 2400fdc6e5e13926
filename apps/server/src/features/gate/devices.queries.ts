import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gateDevices, organisations } from '../../db/schema';

export type GateDeviceRow = typeof gateDevices.$inferSelect;

/** What an officer sees: their club's devices; none named = every club's (a platform-wide officer). */
const ofClub = (organisationId: string | null) =>
  organisationId ? eq(gateDevices.organisationId, organisationId) : undefined;

export async function findOrganisation(db: Db, id: string) {
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, id));
  return organisation;
}

/** The clubs by name: one (the officer's own), or every one for a platform-wide officer. */
export const listOrganisations = (db: Db, organisationId: string | null) =>
  db
    .select({ organisationId: organisations.id, name: organisations.name })
    .from(organisations)
    .where(organisationId ? eq(organisations.id, organisationId) : undefined)
    .orderBy(organisations.name);

export async function insertGateDevice(
  tx: Pick<Db, 'insert'>,
  device: Pick<GateDeviceRow, 'organisationId' | 'label' | 'tokenHash' | 'createdBy'>,
): Promise<GateDeviceRow | undefined> {
  const [inserted] = await tx.insert(gateDevices).values(device).returning();
  return inserted;
}

/** Live ones first, the newest first. */
export const listDevicesOfClub = (db: Db, organisationId: string | null) =>
  db
    .select()
    .from(gateDevices)
    .where(ofClub(organisationId))
    .orderBy(sql`${gateDevices.revokedAt} is not null`, desc(gateDevices.createdAt));

/** Revokes a live device of the club; none when there is no such device (or it was revoked before). */
export async function markDeviceRevoked(
  tx: Pick<Db, 'update'>,
  deviceId: string,
  organisationId: string | null,
  revokedBy: string,
): Promise<GateDeviceRow | undefined> {
  const [revoked] = await tx
    .update(gateDevices)
    .set({ revokedAt: new Date(), revokedBy })
    .where(and(eq(gateDevices.id, deviceId), isNull(gateDevices.revokedAt), ofClub(organisationId)))
    .returning();
  return revoked;
}

/** The live device whose token hashes to `tokenHash`; none when unknown or revoked. */
export async function findLiveDevice(db: Db, tokenHash: string) {
  const [device] = await db
    .select({ id: gateDevices.id, organisationId: gateDevices.organisationId, label: gateDevices.label })
    .from(gateDevices)
    .where(and(eq(gateDevices.tokenHash, tokenHash), isNull(gateDevices.revokedAt)))
    .limit(1);
  return device;
}
