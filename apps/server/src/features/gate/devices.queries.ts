import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { gateAdmissions, gateDevices, officers, organisations } from '../../db/schema';

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

/**
 * A device is live while it is not revoked and the officer who registered it is still an active
 * officer of its club (or platform-wide): deactivating an officer, or moving them to another club,
 * ends the devices they registered (401), on every process, from the next call.
 */
export const isLiveDevice = (device: Record<'revokedAt' | 'createdBy' | 'organisationId', AnyPgColumn>) =>
  and(
    isNull(device.revokedAt),
    sql`exists (select 1 from ${officers} where ${officers.afm} = ${device.createdBy} and ${officers.active}
      and (${officers.organisationId} = ${device.organisationId} or ${officers.organisationId} is null))`,
  );

/** The live device whose token hashes to `tokenHash`; none when unknown, revoked or its officer gone. */
export async function findLiveDevice(db: Db, tokenHash: string) {
  const [device] = await db
    .select({ id: gateDevices.id, organisationId: gateDevices.organisationId, label: gateDevices.label })
    .from(gateDevices)
    .where(and(eq(gateDevices.tokenHash, tokenHash), isLiveDevice(gateDevices)))
    .limit(1);
  return device;
}

/** Voids every live admission the device recorded (they no longer count: the tickets may enter). */
export const voidAdmissionsOfDevice = (tx: Pick<Db, 'update'>, deviceId: string) =>
  tx
    .update(gateAdmissions)
    .set({ undoneAt: new Date() })
    .where(and(eq(gateAdmissions.deviceId, deviceId), isNull(gateAdmissions.undoneAt)))
    .returning({ id: gateAdmissions.id });
