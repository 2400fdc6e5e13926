import { hash, randomBytes } from 'node:crypto';
import type {
  CreatedGateDevice,
  GateCredentialRenewal,
  GateDevice,
  GateDeviceOrganisations,
  GatePairing,
} from '@tickets/domain';
import type { Actor, Device } from '../../../shared/guards';
import type { Db } from '../../../db/client';
import { AppError } from '../../../shared/app-error';
import { audit } from '../../../shared/audit';
import type { SessionUser } from '../../../shared/sessions';
import {
  extendToMatchDay,
  findDeviceByCredential,
  findLiveDeviceByToken,
  findOrganisation,
  insertGateDevice,
  listDevicesOfClub,
  listOrganisations,
  markDeviceRevoked,
  markPairingRefused,
  pairDevice,
  renewCredential,
  voidAdmissionsOfDevice,
  type GateDeviceRow,
} from './devices.queries';

/**
 * Gate devices (docs/design.md §8): registered by an officer of the club, with a one-time pairing
 * token shown once; pairing exchanges it for that browser's own credential, its bearer from then on,
 * which ends the night of the club's last match of the day (the officer renews it for another day).
 * Both are stored hashed.
 */
/** One-shot `hash`: paid on every call a device makes (as the session token's, shared/sessions.ts). */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

const toGateDevice = (row: GateDeviceRow): GateDevice => ({
  deviceId: row.id,
  label: row.label,
  organisationId: row.organisationId,
  createdAt: row.createdAt.toISOString(),
  pairedAt: row.pairedAt?.toISOString() ?? null,
  credentialExpiresAt: row.pairedAt ? (row.credentialExpiresAt?.toISOString() ?? null) : null,
  pairingRefusedAt: row.pairingRefusedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The club the device is for: the officer's own; a platform-wide officer names one. */
async function organisationFor(db: Db, user: SessionUser, named: string | null | undefined) {
  if (user.organisationId) return user.organisationId;
  if (!named) throw new AppError('ORGANISATION_REQUIRED');
  const organisation = await findOrganisation(db, named);
  if (!organisation) throw new AppError('ORGANISATION_NOT_FOUND');
  return organisation.id;
}

export async function createGateDevice(
  db: Db,
  actor: Actor,
  request: { label: string; organisationId?: string | null },
): Promise<CreatedGateDevice> {
  const organisationId = await organisationFor(db, actor.user, request.organisationId);
  const token = `gate.${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const device = await insertGateDevice(tx, {
      organisationId,
      label: request.label,
      tokenHash: hashToken(token),
      createdBy: actor.user.afm,
    });
    if (!device) throw new AppError('INTERNAL_ERROR');
    await audit(tx, {
      actor: actor.user.afm,
      action: 'GATE_DEVICE_ADD',
      subject: device.id,
      requestId: actor.requestId,
      details: { organisationId, label: request.label },
    });
    return { deviceId: device.id, label: device.label, token };
  });
}

/** Whom a new device can be for: a platform-wide officer chooses among every club, from the start. */
export async function gateDeviceOrganisations(db: Db, user: SessionUser): Promise<GateDeviceOrganisations> {
  return {
    choose: user.organisationId === null,
    organisations: await listOrganisations(db, user.organisationId),
  };
}

export async function listGateDevices(db: Db, user: SessionUser): Promise<GateDevice[]> {
  const rows = await listDevicesOfClub(db, user.organisationId);
  return rows.map(toGateDevice);
}

/**
 * Revoked at once: every process reads the device on every call (the admission, in its scan). With
 * `voidAdmissions` (a lost or stolen device), every live admission it recorded is voided in the same
 * transaction, so those tickets' holders may enter; the audit row counts them.
 */
export async function revokeGateDevice(
  db: Db,
  actor: Actor,
  deviceId: string,
  options: { voidAdmissions?: boolean } = {},
): Promise<GateDevice> {
  return db.transaction(async (tx) => {
    const revoked = await markDeviceRevoked(tx, deviceId, actor.user.organisationId, actor.user.afm);
    if (!revoked) throw new AppError('GATE_DEVICE_NOT_FOUND');
    const voided = options.voidAdmissions ? await voidAdmissionsOfDevice(tx, deviceId) : [];
    await audit(tx, {
      actor: actor.user.afm,
      action: 'GATE_DEVICE_REVOKE',
      subject: deviceId,
      requestId: actor.requestId,
      ...(options.voidAdmissions ? { details: { voidedAdmissions: voided.length } } : {}),
    });
    return toGateDevice(revoked);
  });
}

export type { Device };

/**
 * Spends a device's pairing token for this browser: a new credential (random, stored hashed) that
 * ends `marginHours` after the club's last match of the day (or after now, when none is left today).
 * The token then pairs nothing else: `checkPairingToken` refuses it.
 */
export async function pairGateDevice(
  db: Db,
  token: string,
  context: PairingContext & { marginHours: number },
): Promise<GatePairing> {
  const credential = `gatedev.${randomBytes(32).toString('base64url')}`;
  const paired = await db.transaction(async (tx) => {
    const device = await pairDevice(tx, {
      tokenHash: hashToken(token),
      credentialHash: hashToken(credential),
      marginHours: context.marginHours,
      tokenHours: context.tokenHours,
    });
    if (device)
      await audit(tx, {
        actor: `device:${device.id}`,
        action: 'GATE_DEVICE_PAIR',
        subject: device.id,
        requestId: context.requestId,
      });
    return device;
  });
  if (!paired?.credentialExpiresAt) {
    // Another browser paired with it since the check before the body (or the device went, or its token's
    // time ran out): refused as that.
    await checkPairingToken(db, token, context);
    throw new AppError('GATE_DEVICE_ALREADY_PAIRED');
  }
  return {
    deviceId: paired.id,
    label: paired.label,
    credential,
    expiresAt: paired.credentialExpiresAt.toISOString(),
  };
}

/** What a pairing is checked with: the request, and how long a pairing token pairs (GATE_PAIRING_TOKEN_HOURS). */
export interface PairingContext {
  requestId: string;
  tokenHours: number;
}

/**
 * A pairing's bearer, before its body is read: an unknown token, or one whose device was revoked or
 * whose officer is gone, is 401; a token already spent is refused (409, audited: someone holds a copy);
 * an unspent one past its time is 401 with its own message (the office registers the device again).
 */
export async function checkPairingToken(db: Db, token: string, context: PairingContext): Promise<void> {
  const { requestId } = context;
  const device = await findLiveDeviceByToken(db, hashToken(token), context.tokenHours);
  if (!device) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
  if (!device.pairedAt && !device.tokenInTime) throw new AppError('GATE_PAIRING_TOKEN_EXPIRED');
  if (device.pairedAt) {
    await db.transaction(async (tx) => {
      await markPairingRefused(tx, device.id);
      await audit(tx, {
        actor: `device:${device.id}`,
        action: 'GATE_DEVICE_PAIR_REFUSED',
        subject: device.id,
        requestId,
      });
    });
    throw new AppError('GATE_DEVICE_ALREADY_PAIRED');
  }
}

/**
 * The live device a credential belongs to, if it has not expired; none otherwise. Use extends nothing.
 * `contactDue`: its last contact, as stored, is older than GATE_CONTACT_WRITE_SECONDS (contacts.service.ts).
 */
export async function authenticateDevice(
  db: Db,
  credential: string,
): Promise<(Device & { contactDue: boolean }) | undefined> {
  const found = await findDeviceByCredential(db, hashToken(credential));
  if (!found?.expiresAt) return undefined;
  const { expiresAt, ...device } = found;
  return { ...device, credentialExpiresAt: expiresAt };
}

/**
 * The steward's screen asking for its credential's end (in the background): moved to the end of the
 * club's last match of the day plus the margin when that is later, never further, so a match added
 * or moved later that day does not cut the device off, and a lost phone still stops that night. One
 * that predates credentials is not moved: its end is answered as it is.
 */
export async function renewDeviceCredential(
  db: Db,
  device: Device,
  marginHours: number,
): Promise<GateCredentialRenewal> {
  const extended = await extendToMatchDay(db, device.id, marginHours);
  return { expiresAt: (extended ?? device.credentialExpiresAt).toISOString() };
}

/**
 * An officer renews a paired device of the club (for another match day, or after its credential
 * ended): it then works until the club's last match of the day ends, plus the margin. Audited.
 */
export async function renewGateDevice(
  db: Db,
  actor: Actor,
  deviceId: string,
  marginHours: number,
): Promise<GateDevice> {
  return db.transaction(async (tx) => {
    const renewed = await renewCredential(tx, deviceId, actor.user.organisationId, marginHours);
    if (!renewed) throw new AppError('GATE_DEVICE_NOT_FOUND');
    await audit(tx, {
      actor: actor.user.afm,
      action: 'GATE_DEVICE_RENEW',
      subject: deviceId,
      requestId: actor.requestId,
      details: { expiresAt: renewed.credentialExpiresAt?.toISOString() ?? null },
    });
    return toGateDevice(renewed);
  });
}
