import { hash, randomBytes } from 'node:crypto';
import type {
  CreatedGateDevice,
  GateCredentialRenewal,
  GateDevice,
  GateDeviceOrganisations,
  GatePairing,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { SessionUser } from '../../shared/sessions';
import {
  extendCredential,
  findDeviceByCredential,
  findLiveDeviceByToken,
  findOrganisation,
  insertGateDevice,
  listDevicesOfClub,
  listOrganisations,
  markDeviceRevoked,
  markPairingRefused,
  pairDevice,
  voidAdmissionsOfDevice,
  type GateDeviceRow,
} from './devices.queries';

/**
 * Gate devices (docs/design.md §8): registered by an officer of the club, with a one-time pairing
 * token shown once; pairing exchanges it for that browser's own credential, its bearer from then on,
 * which expires unless used or renewed. Both are stored hashed.
 */
/** One-shot `hash`: paid on every call a device makes (as the session token's, shared/sessions.ts). */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

interface Actor {
  user: SessionUser;
  requestId: string;
}

const toGateDevice = (row: GateDeviceRow): GateDevice => ({
  deviceId: row.id,
  label: row.label,
  organisationId: row.organisationId,
  createdAt: row.createdAt.toISOString(),
  pairedAt: row.pairedAt?.toISOString() ?? null,
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

export interface Device {
  id: string;
  organisationId: string;
  label: string;
  /** When its credential ends unless used or renewed before. */
  credentialExpiresAt: Date;
}

const HOUR_MS = 3_600_000;

/**
 * Spends a device's pairing token for this browser: a new credential (random, stored hashed) that
 * lasts `lifetimeHours`. The token then pairs nothing else: `checkPairingToken` refuses it.
 */
export async function pairGateDevice(
  db: Db,
  token: string,
  context: { lifetimeHours: number; requestId: string },
): Promise<GatePairing> {
  const credential = `gatedev.${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + context.lifetimeHours * HOUR_MS);
  const paired = await db.transaction(async (tx) => {
    const device = await pairDevice(tx, {
      tokenHash: hashToken(token),
      credentialHash: hashToken(credential),
      expiresAt,
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
  if (!paired) {
    // Another browser paired with it since the check before the body (or the device went): refused as that.
    await checkPairingToken(db, token, context.requestId);
    throw new AppError('GATE_DEVICE_ALREADY_PAIRED');
  }
  return { deviceId: paired.id, label: paired.label, credential, expiresAt: expiresAt.toISOString() };
}

/**
 * A pairing's bearer, before its body is read: an unknown token, or one whose device was revoked or
 * whose officer is gone, is 401; a token already spent is refused (409, audited: someone holds a copy).
 */
export async function checkPairingToken(db: Db, token: string, requestId: string): Promise<void> {
  const device = await findLiveDeviceByToken(db, hashToken(token));
  if (!device) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
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
 * The live device a credential belongs to, if it has not expired; none otherwise. Renewed by use:
 * once less than half its lifetime is left, this call moves its end a whole lifetime on (one write
 * per half-lifetime, not one per scan), so a device in use is never cut off.
 */
export async function authenticateDevice(
  db: Db,
  credential: string,
  lifetimeHours: number,
): Promise<Device | undefined> {
  const now = new Date();
  const found = await findDeviceByCredential(db, hashToken(credential));
  if (!found?.expiresAt) return undefined;
  const { renewable, expiresAt, ...device } = found;
  const lifetime = lifetimeHours * HOUR_MS;
  if (renewable && expiresAt.getTime() - now.getTime() < lifetime / 2) {
    const extended = await extendCredential(db, device.id, new Date(now.getTime() + lifetime), now);
    return { ...device, credentialExpiresAt: extended ?? expiresAt };
  }
  return { ...device, credentialExpiresAt: expiresAt };
}

/**
 * The device's credential made to last a whole lifetime from now (the steward's screen asks in the
 * background). One that predates credentials is not renewed: its end is answered as it is.
 */
export async function renewDeviceCredential(
  db: Db,
  device: Device,
  lifetimeHours: number,
): Promise<GateCredentialRenewal> {
  const now = new Date();
  const extended = await extendCredential(
    db,
    device.id,
    new Date(now.getTime() + lifetimeHours * HOUR_MS),
    now,
  );
  return { expiresAt: (extended ?? device.credentialExpiresAt).toISOString() };
}
