import type { AdmissionCounts, AdmissionVoid, LiveAdmission, VoidedAdmission } from '@tickets/domain';
import type { Db } from '../../../db/client';
import { AppError } from '../../../shared/app-error';
import { audit } from '../../../shared/audit';
import type { Actor } from '../../../shared/guards';
import type { SessionUser } from '../../../shared/sessions';
import type { Device } from '../devices/devices.service';
import {
  countAdmissions,
  countRefusals,
  findDeviceLabel,
  findLiveAdmission,
  findEventForOfficer,
  findLastDecision,
  listDoubleEntries,
  listMatchesNotOverForOfficer,
  listMatchesNotOverOfClub,
  listMatchesOverForOfficer,
  markAdmissionVoided,
  type EventRow,
} from './reports.queries';

const toGateEvents = (rows: EventRow[]) =>
  rows.map((event) => ({
    eventId: event.id,
    eventDescription: event.description,
    eventDateTime: event.startsAt.toISOString(),
    venue: event.venue,
    cancelledAt: event.cancelledAt?.toISOString() ?? null,
    cancellationReason: event.cancellationReason,
  }));

/** The events a steward can pick: the device club's matches not yet over. */
export const gateEvents = async (db: Db, device: Device) =>
  toGateEvents(await listMatchesNotOverOfClub(db, device.organisationId));

/**
 * The events whose entrance an officer can follow: their club's (every club's, platform-wide) not yet
 * over, soonest first; with `over`, those over, latest first (for their match-day view and report).
 */
export const officerGateEvents = async (db: Db, user: SessionUser, options: { over?: boolean } = {}) =>
  toGateEvents(
    await (options.over ? listMatchesOverForOfficer(db, user) : listMatchesNotOverForOfficer(db, user)),
  );

/**
 * Every double entry of one event (docs/design.md §8 "Offline"), both devices and times, in the order
 * the second entries happened. «Πρώτη είσοδος» is the earlier of the two admissions by their own
 * times, not the one recorded first: offline devices upload when their network comes back, so the
 * device that admitted second may well have uploaded first (issue #40 item 13).
 */
async function doubleEntries(db: Db, eventId: number): Promise<AdmissionCounts['doubleEntries']> {
  const rows = await listDoubleEntries(db, eventId);
  return rows
    .map((row) => {
      const recorded = { device: row.firstDevice, at: row.firstAt };
      const uploadedAfter = { device: row.againDevice, at: row.againAt };
      const [first, again] =
        uploadedAfter.at < recorded.at ? [uploadedAfter, recorded] : [recorded, uploadedAfter];
      return { ticketCode: row.ticketCode, first, again };
    })
    .sort((one, other) => one.again.at.getTime() - other.again.at.getTime())
    .map(({ ticketCode, first, again }) => ({
      ticketCode,
      first: { device: first.device, at: first.at.toISOString() },
      again: { device: again.device, at: again.at.toISOString() },
    }));
}

/**
 * One event's admissions so far (online and uploaded from offline devices), refusals by reason (from
 * the audit rows), the last scan, and the double entries offline devices made.
 */
export async function admissionCounts(db: Db, user: SessionUser, eventId: number): Promise<AdmissionCounts> {
  const event = await findEventForOfficer(db, user, eventId);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  const [admitted, refusals, last, doubles] = await Promise.all([
    countAdmissions(db, eventId),
    countRefusals(db, eventId),
    findLastDecision(db, eventId),
    doubleEntries(db, eventId),
  ]);
  const scans = [last?.at, admitted?.lastOffline, ...doubles.map((entry) => entry.again.at)]
    .filter((at): at is NonNullable<typeof at> => at !== null && at !== undefined)
    .map((at) => new Date(at).getTime());
  return {
    eventId,
    admitted: admitted?.n ?? 0,
    refused: Object.fromEntries(refusals.map((row) => [row.reason, row.n])),
    lastScanAt: scans.length === 0 ? null : new Date(Math.max(...scans)).toISOString(),
    doubleEntries: doubles,
  };
}

/** One ticket's live admission to a match of the officer's club: what voiding it would undo. */
export async function liveAdmission(
  db: Db,
  user: SessionUser,
  query: { eventId: number; ticketCode: string },
): Promise<LiveAdmission> {
  const admission = await findLiveAdmission(db, user, query.eventId, query.ticketCode);
  if (!admission) throw new AppError('ADMISSION_NOT_LIVE');
  return {
    ticketCode: query.ticketCode,
    admittedAt: admission.admittedAt.toISOString(),
    device: admission.device,
  };
}

/**
 * An officer voids a wrong admission (docs/design.md §8): the ticket's live admission to a match of
 * their club (any club, platform-wide) no longer counts, so its holder may enter; the reason is
 * audited in the same transaction. Another club's match, a ticket not admitted, or one voided
 * before: ADMISSION_NOT_LIVE.
 */
export async function voidAdmission(db: Db, actor: Actor, request: AdmissionVoid): Promise<VoidedAdmission> {
  return db.transaction(async (tx) => {
    const voided = await markAdmissionVoided(tx, actor.user, request.eventId, request.ticketCode);
    if (!voided?.undoneAt) throw new AppError('ADMISSION_NOT_LIVE');
    await audit(tx, {
      actor: actor.user.afm,
      action: 'GATE_ADMISSION_VOID',
      subject: voided.id,
      requestId: actor.requestId,
      details: { eventId: request.eventId, ticketId: voided.ticketId, voidReason: request.reason },
    });
    return {
      ticketCode: request.ticketCode,
      admittedAt: voided.admittedAt.toISOString(),
      device: await findDeviceLabel(tx, voided.deviceId),
      voidedAt: voided.undoneAt.toISOString(),
    };
  });
}
