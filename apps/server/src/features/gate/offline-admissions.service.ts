import type { OfflineAdmissionResults, OfflineAdmissions } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit, type AuditEntry } from '../../shared/audit';
import type { Device } from './devices.service';
import {
  findMatchOfClub,
  findTicketsAdmitting,
  insertDoubleEntries,
  insertOfflineAdmissions,
  type Pending,
} from './offline-admissions.queries';

/**
 * What a device admitted while offline (docs/design.md §8 "Offline"), uploaded when the network is
 * back, maybe more than once (an answer lost on the way): each admission is recorded once, and an
 * upload sent again changes nothing. A ticket that had entered already, on another device or on
 * this one at another time, is a double entry, kept for the ticket office's count.
 *
 * "The server keeps the first": the first admission *recorded* wins, even when an upload says its
 * device admitted earlier. Device clocks drift and are not the server's to trust for which admission
 * counts; an admission once recorded (and perhaps shown to a steward as the reason for an
 * ALREADY_ADMITTED) never changes afterwards; and the report shows both devices and times anyway, so
 * nothing is lost for whoever reads it.
 */

type Outcome = OfflineAdmissionResults['results'][number]['outcome'];

/**
 * Records the admissions with their audit rows, in one transaction; answers the tickets recorded.
 * Each row names its own ticket, so they are written by `audit(tx, rows)` (one INSERT) rather than
 * carried in the admissions' INSERT by `auditedWith` (which gives every row of a statement one subject).
 */
async function record(
  db: Db,
  device: Device,
  eventId: number,
  pending: Pending[],
  ticketCodes: Map<number, string>,
  requestId: string,
) {
  return db.transaction(async (tx) => {
    const recorded = await insertOfflineAdmissions(tx, device.id, eventId, pending);
    await audit(
      tx,
      recorded.map((admission) => ({
        actor: `device:${device.id}`,
        action: 'GATE_ADMIT_OFFLINE',
        subject: ticketCodes.get(admission.ticketId) ?? null,
        requestId,
        details: { eventId, admissionId: admission.admissionId, admittedAt: admission.admittedAt },
      })),
    );
    return new Set(recorded.map((admission) => admission.ticketId));
  });
}

/**
 * For admissions not recorded: a resend of this very admission, or a double entry, stored once with
 * its audit row, in one transaction. Answers, by place in the upload, whether it was a resend; an
 * admission whose ticket has no live admission any more (undone meanwhile) is absent.
 */
async function settleConflicts(
  db: Db,
  device: Device,
  eventId: number,
  pending: Pending[],
  ticketCodes: Map<number, string>,
  requestId: string,
) {
  return db.transaction(async (tx) => {
    const conflicts = await insertDoubleEntries(tx, device.id, eventId, pending);
    const doubles = new Map<number, AuditEntry>();
    for (const { ticketId, double } of conflicts) {
      if (!double || doubles.has(double.id)) continue;
      doubles.set(double.id, {
        actor: `device:${device.id}`,
        action: 'GATE_DOUBLE_ENTRY',
        subject: ticketCodes.get(ticketId) ?? null,
        requestId,
        details: {
          eventId,
          admissionId: double.admissionId,
          doubleEntryId: double.id,
          admittedAt: double.admittedAt,
        },
      });
    }
    await audit(tx, [...doubles.values()]);
    return new Map(conflicts.map((conflict) => [conflict.at, conflict.resent]));
  });
}

/** At most this many passes: another pass only when an admission was undone between two statements. */
const MAX_PASSES = 3;

export async function recordOfflineAdmissions(
  db: Db,
  device: Device,
  upload: OfflineAdmissions,
  requestId: string,
): Promise<OfflineAdmissionResults> {
  const event = await findMatchOfClub(db, upload.eventId, device.organisationId);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  const admitting = event.seasonId === null ? [event.id] : [event.id, event.seasonId];
  // The tickets that admit to this match (its own, its season's), of the device's club.
  const known = await findTicketsAdmitting(
    db,
    upload.admissions.map((admission) => admission.ticketCode),
    admitting,
    device.organisationId,
  );
  const ticketIds = new Map(known.map((ticket) => [ticket.publicCode, ticket.id]));
  const ticketCodes = new Map(known.map((ticket) => [ticket.id, ticket.publicCode]));

  const outcomes: Outcome[] = upload.admissions.map(() => 'UNKNOWN_TICKET');
  let unsettled: Pending[] = [];
  upload.admissions.forEach((admission, at) => {
    const ticketId = ticketIds.get(admission.ticketCode);
    if (ticketId !== undefined) unsettled.push({ at, ticketId, admittedAt: admission.admittedAt });
  });
  for (let pass = 0; pass < MAX_PASSES && unsettled.length > 0; pass += 1) {
    // One admission per ticket is offered for recording, the earliest; any other of the same ticket
    // in the upload meets it as a conflict (the same device at another time: a double entry).
    const earliest = new Map<number, Pending>();
    for (const item of unsettled) {
      const seen = earliest.get(item.ticketId);
      if (!seen || Date.parse(item.admittedAt) < Date.parse(seen.admittedAt))
        earliest.set(item.ticketId, item);
    }
    const recorded = await record(db, device, event.id, [...earliest.values()], ticketCodes, requestId);
    const rest: Pending[] = [];
    for (const item of unsettled) {
      if (recorded.has(item.ticketId) && earliest.get(item.ticketId) === item) outcomes[item.at] = 'RECORDED';
      else rest.push(item);
    }
    const conflicts =
      rest.length === 0
        ? new Map<number, boolean>()
        : await settleConflicts(db, device, event.id, rest, ticketCodes, requestId);
    unsettled = [];
    for (const item of rest) {
      const resent = conflicts.get(item.at);
      if (resent === undefined) unsettled.push(item);
      else outcomes[item.at] = resent ? 'ALREADY_RECORDED' : 'DOUBLE_ENTRY';
    }
  }
  return {
    results: upload.admissions.map((admission, at) => ({
      ticketCode: admission.ticketCode,
      admittedAt: admission.admittedAt,
      outcome: outcomes[at] ?? 'UNKNOWN_TICKET',
    })),
  };
}
