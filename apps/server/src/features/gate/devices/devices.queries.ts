import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { GATE_CONTACT_WRITE_SECONDS, GATES_OPEN_MINUTES_BEFORE, TIME_ZONE } from '@tickets/domain';
import type { Db } from '../../../db/client';
import { preparedQuery } from '../../../db/prepared';
import { events, gateAdmissions, gateDevices, officers, organisations } from '../../../db/schema';
import { athensToday } from '../../../shared/athens-time';
import { eventEnd } from '../../../rules/events';

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

/**
 * The live device whose credential hashes to `credentialHash`, if the credential has not expired:
 * read before anything else on every device call (a device that predates credentials has its pairing
 * token as its credential until it expires: migration 0019).
 */
const deviceByCredentialQuery = preparedQuery<{ credentialHash: string }>()((db, p) =>
  db
    .select({
      id: gateDevices.id,
      organisationId: gateDevices.organisationId,
      label: gateDevices.label,
      expiresAt: gateDevices.credentialExpiresAt,
      // Its last contact is older than the interval it is written at (contacts.service.ts): by the database's clock.
      contactDue: sql<boolean>`(${gateDevices.lastContactAt} is null
        or ${gateDevices.lastContactAt} <= now() - make_interval(secs => ${GATE_CONTACT_WRITE_SECONDS}))`,
    })
    .from(gateDevices)
    .where(
      and(
        eq(gateDevices.credentialHash, sql`${p.credentialHash}::text`),
        gt(gateDevices.credentialExpiresAt, sql`now()`),
        isLiveDevice(gateDevices),
      ),
    )
    .limit(1)
    .prepare('gate_device_by_credential'),
);

export async function findDeviceByCredential(db: Db, credentialHash: string) {
  const [device] = await deviceByCredentialQuery(db).execute({ credentialHash });
  return device;
}

/** The end of the device's club's last match that starts today (Athens); null when it plays none today. */
const endOfToday = sql`(select max(${eventEnd(events)}) from ${events}
  where ${events.organisationId} = ${gateDevices.organisationId} and not ${events.seasonal}
    and (${events.startsAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)})::date = ${athensToday})`;
const hours = (marginHours: number) => sql`make_interval(hours => ${marginHours}::int)`;

/**
 * The end of the last match the device's club plays in its match day: every match that starts today
 * (Athens), whose gates are open, or that starts before a credential made of today's would end. A
 * match after midnight (Athens) is tonight's for the steward at its gate (issue #40: a device paired
 * at 20:28Z ended at 23:28Z, mid-match, of a match from 22:27Z). Null when there is none.
 */
const endOfMatchDay = (marginHours: number) => sql`(select max(${eventEnd(events)}) from ${events}
  where ${events.organisationId} = ${gateDevices.organisationId} and not ${events.seasonal}
    and ((${events.startsAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)})::date = ${athensToday}
      or (${eventEnd(events)} > now()
        and (${events.startsAt} <= now() + make_interval(mins => ${GATES_OPEN_MINUTES_BEFORE}::int)
          or ${events.startsAt} < greatest(now(), ${endOfToday}) + ${hours(marginHours)}))))`;

/**
 * A credential's end when the device pairs or its officer renews it (docs/design.md §8): the end of its
 * club's match day, or now when none is left to end, plus the margin.
 */
const credentialEnd = (marginHours: number) =>
  sql<Date>`greatest(now(), ${endOfMatchDay(marginHours)}) + ${hours(marginHours)}`;

/** A renewable credential: a device paired with a token of its own (not one predating credentials). */
const renewable = ne(gateDevices.credentialHash, gateDevices.tokenHash);

/**
 * The steward's screen asking again: a live, unexpired credential's end moves to the end of its club's
 * last match of the day plus the margin, when that is later (a match added or moved), never further;
 * none when it is gone (revoked, expired).
 */
export async function extendToMatchDay(tx: Pick<Db, 'update'>, deviceId: string, marginHours: number) {
  const [extended] = await tx
    .update(gateDevices)
    .set({
      credentialExpiresAt: sql`greatest(${gateDevices.credentialExpiresAt}, ${endOfMatchDay(marginHours)} + ${hours(marginHours)})`,
    })
    .where(
      and(
        eq(gateDevices.id, deviceId),
        renewable,
        gt(gateDevices.credentialExpiresAt, sql`now()`),
        isLiveDevice(gateDevices),
      ),
    )
    .returning({ expiresAt: gateDevices.credentialExpiresAt });
  return extended?.expiresAt ?? undefined;
}

/**
 * An officer renews a paired, live device of the club (an expired credential included) until the end
 * of the club's last match of the day plus the margin; none when there is no such device.
 */
export async function renewCredential(
  tx: Pick<Db, 'update'>,
  deviceId: string,
  organisationId: string | null,
  marginHours: number,
): Promise<GateDeviceRow | undefined> {
  const [renewed] = await tx
    .update(gateDevices)
    .set({ credentialExpiresAt: credentialEnd(marginHours) })
    .where(
      and(
        eq(gateDevices.id, deviceId),
        ofClub(organisationId),
        isNotNull(gateDevices.pairedAt),
        renewable,
        isLiveDevice(gateDevices),
      ),
    )
    .returning();
  return renewed;
}

/**
 * Whether a device's pairing token is still in its time: registered less than `tokenHours` ago, by the
 * database's clock (every process agrees). A paired device no longer needs its token.
 */
const pairingTokenInTime = (tokenHours: number) =>
  gt(gateDevices.createdAt, sql`now() - ${hours(tokenHours)}`);

/**
 * Spends a pairing token: the live, not yet paired device it belongs to takes the credential, while the
 * token is in its time. None when the token is unknown, too old, its device gone, or already paired
 * (one statement: two browsers pairing with one token at once give one pairing).
 */
export async function pairDevice(
  tx: Pick<Db, 'update'>,
  pairing: { tokenHash: string; credentialHash: string; marginHours: number; tokenHours: number },
) {
  const [paired] = await tx
    .update(gateDevices)
    .set({
      pairedAt: new Date(),
      credentialHash: pairing.credentialHash,
      credentialExpiresAt: credentialEnd(pairing.marginHours),
    })
    .where(
      and(
        eq(gateDevices.tokenHash, pairing.tokenHash),
        isNull(gateDevices.pairedAt),
        pairingTokenInTime(pairing.tokenHours),
        isLiveDevice(gateDevices),
      ),
    )
    .returning();
  return paired;
}

/**
 * The live device a pairing token belongs to, paired or not, and whether the token is still in its
 * time; none when unknown or gone.
 */
export async function findLiveDeviceByToken(db: Db, tokenHash: string, tokenHours: number) {
  const [device] = await db
    .select({
      id: gateDevices.id,
      pairedAt: gateDevices.pairedAt,
      organisationId: gateDevices.organisationId,
      tokenInTime: sql<boolean>`${pairingTokenInTime(tokenHours)}`,
    })
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

/** A second pairing with a spent token: noted on the device, for its officer to see. */
export async function markPairingRefused(db: Pick<Db, 'update'>, deviceId: string): Promise<void> {
  await db.update(gateDevices).set({ pairingRefusedAt: new Date() }).where(eq(gateDevices.id, deviceId));
}
