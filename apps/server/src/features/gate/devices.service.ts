import { hash, randomBytes } from 'node:crypto';
import type { CreatedGateDevice, GateDevice, GateDeviceOrganisations } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { SessionUser } from '../../shared/sessions';
import {
  findLiveDevice,
  findOrganisation,
  insertGateDevice,
  listDevicesOfClub,
  listOrganisations,
  markDeviceRevoked,
  voidAdmissionsOfDevice,
  type GateDeviceRow,
} from './devices.queries';

/** Gate devices: registered by an officer of the club, a bearer token shown once and stored hashed. */
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
}

/** The live device a bearer token belongs to; none when unknown or revoked. */
export const deviceByToken = (db: Db, token: string): Promise<Device | undefined> =>
  findLiveDevice(db, hashToken(token));
