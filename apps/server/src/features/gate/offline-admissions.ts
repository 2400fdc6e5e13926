import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OfflineAdmissionResults, OfflineAdmissions } from '@tickets/domain';
import type { Db } from '../../db/client';
import { auditLog, events, gateAdmissions, gateDoubleEntries, tickets } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import type { Device } from './devices';

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

interface Pending {
  /** Its place in the upload: the answer keeps the upload's order. */
  at: number;
  ticketId: number;
  admittedAt: string;
}

const column = (name: string) => sql.identifier(name);

/** Inserts the admissions with their audit rows, in one statement; answers the tickets recorded. */
async function record(db: Db, device: Device, eventId: number, pending: Pending[], requestId: string) {
  const result = await db.execute(sql`
    with recorded as (
      insert into ${gateAdmissions} (${column(gateAdmissions.ticketId.name)}, ${column(gateAdmissions.eventId.name)},
        ${column(gateAdmissions.deviceId.name)}, ${column(gateAdmissions.admittedAt.name)}, ${column(gateAdmissions.offline.name)})
      select given.ticket_id, ${eventId}::bigint, ${device.id}::uuid, given.admitted_at, true
        from unnest(${sql.param(pending.map((item) => item.ticketId))}::bigint[],
          ${sql.param(pending.map((item) => item.admittedAt))}::timestamptz[]) as given(ticket_id, admitted_at)
      on conflict do nothing
      returning ${column(gateAdmissions.id.name)} as id, ${column(gateAdmissions.ticketId.name)} as ticket_id,
        ${column(gateAdmissions.admittedAt.name)} as admitted_at
    ), audited as (
      insert into ${auditLog} (${column(auditLog.actor.name)}, ${column(auditLog.action.name)}, ${column(auditLog.subject.name)},
        ${column(auditLog.requestId.name)}, ${column(auditLog.details.name)})
      select ${`device:${device.id}`}::text, 'GATE_ADMIT_OFFLINE', ${tickets.publicCode}, ${requestId}::text,
        jsonb_build_object('eventId', ${eventId}::bigint, 'admissionId', recorded.id, 'admittedAt', recorded.admitted_at)
      from recorded join ${tickets} on ${tickets.id} = recorded.ticket_id
      returning ${column(auditLog.id.name)}
    )
    select recorded.ticket_id from recorded`);
  // node-postgres and PGlite both answer { rows }; a bigint comes as text from the one, a number from the other.
  return new Set(
    (result as unknown as { rows: { ticket_id: string | number }[] }).rows.map((row) =>
      Number(row.ticket_id),
    ),
  );
}

/**
 * For admissions not recorded: the ticket's live admission. The same device at the same time is this
 * very admission sent again; anything else is a double entry, stored once (its unique key) with its
 * audit row, in the same statement. Answers, by place in the upload, whether it was a resend; an
 * admission whose ticket has no live admission any more (undone meanwhile) is absent.
 */
async function settleConflicts(
  db: Db,
  device: Device,
  eventId: number,
  pending: Pending[],
  requestId: string,
) {
  const result = await db.execute(sql`
    with given as (
      select * from unnest(${sql.param(pending.map((item) => item.at))}::int[],
        ${sql.param(pending.map((item) => item.ticketId))}::bigint[],
        ${sql.param(pending.map((item) => item.admittedAt))}::timestamptz[]) as given(at, ticket_id, admitted_at)
    ), conflicts as (
      select given.at, given.admitted_at, live.${column(gateAdmissions.id.name)} as admission_id,
        live.${column(gateAdmissions.deviceId.name)} = ${device.id}::uuid
          and live.${column(gateAdmissions.admittedAt.name)} = given.admitted_at as resent
      from given join ${gateAdmissions} as live
        on live.${column(gateAdmissions.ticketId.name)} = given.ticket_id
        and live.${column(gateAdmissions.eventId.name)} = ${eventId}::bigint
        and live.${column(gateAdmissions.undoneAt.name)} is null
    ), doubles as (
      insert into ${gateDoubleEntries} (${column(gateDoubleEntries.admissionId.name)}, ${column(gateDoubleEntries.deviceId.name)},
        ${column(gateDoubleEntries.admittedAt.name)})
      select distinct admission_id, ${device.id}::uuid, admitted_at from conflicts where not resent
      on conflict do nothing
      returning ${column(gateDoubleEntries.id.name)} as id, ${column(gateDoubleEntries.admissionId.name)} as admission_id,
        ${column(gateDoubleEntries.admittedAt.name)} as admitted_at
    ), audited as (
      insert into ${auditLog} (${column(auditLog.actor.name)}, ${column(auditLog.action.name)}, ${column(auditLog.subject.name)},
        ${column(auditLog.requestId.name)}, ${column(auditLog.details.name)})
      select ${`device:${device.id}`}::text, 'GATE_DOUBLE_ENTRY', ${tickets.publicCode}, ${requestId}::text,
        jsonb_build_object('eventId', ${eventId}::bigint, 'admissionId', doubles.admission_id,
          'doubleEntryId', doubles.id, 'admittedAt', doubles.admitted_at)
      from doubles join ${gateAdmissions} on ${gateAdmissions.id} = doubles.admission_id
        join ${tickets} on ${tickets.id} = ${gateAdmissions.ticketId}
      returning ${column(auditLog.id.name)}
    )
    select at, resent from conflicts`);
  const rows = (result as unknown as { rows: { at: number; resent: boolean }[] }).rows;
  return new Map(rows.map((row) => [Number(row.at), row.resent]));
}

/** At most this many passes: another pass only when an admission was undone between two statements. */
const MAX_PASSES = 3;

export async function recordOfflineAdmissions(
  db: Db,
  device: Device,
  upload: OfflineAdmissions,
  requestId: string,
): Promise<OfflineAdmissionResults> {
  const [event] = await db
    .select({ id: events.id, seasonId: events.seasonId })
    .from(events)
    .where(
      and(
        eq(events.id, upload.eventId),
        eq(events.organisationId, device.organisationId),
        eq(events.seasonal, false),
      ),
    );
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  const admitting = event.seasonId === null ? [event.id] : [event.id, event.seasonId];
  const owner = alias(events, 'owner');
  // The tickets that admit to this match (its own, its season's), of the device's club.
  const known = await db
    .select({ id: tickets.id, publicCode: tickets.publicCode })
    .from(tickets)
    .innerJoin(owner, eq(owner.id, tickets.eventId))
    .where(
      and(
        inArray(
          tickets.publicCode,
          upload.admissions.map((admission) => admission.ticketCode),
        ),
        inArray(tickets.eventId, admitting),
        eq(owner.organisationId, device.organisationId),
      ),
    );
  const ticketIds = new Map(known.map((ticket) => [ticket.publicCode, ticket.id]));

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
    const recorded = await record(db, device, event.id, [...earliest.values()], requestId);
    const rest: Pending[] = [];
    for (const item of unsettled) {
      if (recorded.has(item.ticketId) && earliest.get(item.ticketId) === item) outcomes[item.at] = 'RECORDED';
      else rest.push(item);
    }
    const conflicts =
      rest.length === 0
        ? new Map<number, boolean>()
        : await settleConflicts(db, device, event.id, rest, requestId);
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
