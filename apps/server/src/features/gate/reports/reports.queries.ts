import { and, asc, count, desc, eq, isNull, max, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import {
  auditLog,
  events,
  gateAdmissions,
  gateDecisionsOf,
  gateDevices,
  gateDoubleEntries,
  tickets,
} from '../../../db/schema';
import { isOver } from '../../../rules/events';
import { officerScope } from '../../../rules/officer-scope';
import type { SessionUser } from '../../../shared/sessions';

/** Matches not yet over, soonest first: where `scope` says (a club's; none = every club's). */
const matchesNotOver = (db: Db, scope: SQL | undefined) =>
  db
    .select()
    .from(events)
    .where(and(scope, eq(events.seasonal, false), not(isOver(events))))
    .orderBy(asc(events.startsAt))
    .limit(50);

export type EventRow = typeof events.$inferSelect;

export const listMatchesNotOverOfClub = (db: Db, organisationId: string) =>
  matchesNotOver(db, eq(events.organisationId, organisationId));

export const listMatchesNotOverForOfficer = (db: Db, user: SessionUser) =>
  matchesNotOver(db, officerScope(user));

/** The matches already over that the officer may see, latest first: their match-day view and report. */
export const listMatchesOverForOfficer = (db: Db, user: SessionUser) =>
  db
    .select()
    .from(events)
    .where(and(officerScope(user), eq(events.seasonal, false), isOver(events)))
    .orderBy(desc(events.startsAt))
    .limit(50);

/** The event, if the officer may see it. */
export async function findEventForOfficer(db: Db, user: SessionUser, eventId: number) {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), officerScope(user)));
  return event;
}

/** One event's live admissions, and the last time an offline device admitted one. */
export async function countAdmissions(db: Db, eventId: number) {
  const [admitted] = await db
    .select({
      n: count(),
      // An offline admission's audit row is written when uploaded; its scan was at its own time.
      lastOffline: sql<
        string | null
      >`max(${gateAdmissions.admittedAt}) filter (where ${gateAdmissions.offline})`,
    })
    .from(gateAdmissions)
    .where(and(eq(gateAdmissions.eventId, eventId), isNull(gateAdmissions.undoneAt)));
  return admitted;
}

/** One event's refusals by reason, from their audit rows. */
export const countRefusals = (db: Db, eventId: number) =>
  db
    .select({ reason: sql<string>`${auditLog.details} ->> 'reason'`, n: count() })
    .from(auditLog)
    .where(and(gateDecisionsOf(eventId), eq(auditLog.action, 'GATE_REFUSE')))
    .groupBy(sql`${auditLog.details} ->> 'reason'`);

/** When a device last decided online for the event (an admission or a refusal), from the audit rows. */
export async function findLastDecision(db: Db, eventId: number) {
  const [last] = await db
    .select({ at: max(auditLog.at) })
    .from(auditLog)
    .where(gateDecisionsOf(eventId));
  return last;
}

/** The double entries recorded for one event from offline devices. */
export async function countDoubleEntries(db: Db, eventId: number) {
  const [doubles] = await db
    .select({ n: count() })
    .from(gateDoubleEntries)
    .innerJoin(gateAdmissions, eq(gateAdmissions.id, gateDoubleEntries.admissionId))
    .where(eq(gateAdmissions.eventId, eventId));
  return doubles?.n ?? 0;
}

/**
 * Every double entry of one event: the admission recorded first and the one uploaded after it, with
 * both devices and times (the service orders each pair by the admissions' own times).
 */
export function listDoubleEntries(db: Db, eventId: number) {
  const firstDevice = alias(gateDevices, 'first_device');
  const againDevice = alias(gateDevices, 'again_device');
  return db
    .select({
      ticketCode: tickets.publicCode,
      firstDevice: firstDevice.label,
      firstAt: gateAdmissions.admittedAt,
      againDevice: againDevice.label,
      againAt: gateDoubleEntries.admittedAt,
    })
    .from(gateDoubleEntries)
    .innerJoin(gateAdmissions, eq(gateAdmissions.id, gateDoubleEntries.admissionId))
    .innerJoin(tickets, eq(tickets.id, gateAdmissions.ticketId))
    .innerJoin(firstDevice, eq(firstDevice.id, gateAdmissions.deviceId))
    .innerJoin(againDevice, eq(againDevice.id, gateDoubleEntries.deviceId))
    .where(eq(gateAdmissions.eventId, eventId))
    .orderBy(asc(gateDoubleEntries.admittedAt), asc(gateDoubleEntries.id));
}

/**
 * Voids the live admission of the ticket `ticketCode` to an event the officer may see: none when
 * there is none (another club's match, no such ticket, not admitted, or voided before).
 */
export async function markAdmissionVoided(
  tx: Pick<Db, 'update'>,
  user: SessionUser,
  eventId: number,
  ticketCode: string,
) {
  const [voided] = await tx
    .update(gateAdmissions)
    .set({ undoneAt: new Date() })
    .from(tickets)
    .where(
      and(
        eq(tickets.id, gateAdmissions.ticketId),
        eq(tickets.publicCode, ticketCode),
        eq(gateAdmissions.eventId, eventId),
        isNull(gateAdmissions.undoneAt),
        sql`exists (select 1 from ${events} where ${events.id} = ${gateAdmissions.eventId} and ${officerScope(user) ?? sql`true`})`,
      ),
    )
    .returning({
      id: gateAdmissions.id,
      ticketId: gateAdmissions.ticketId,
      deviceId: gateAdmissions.deviceId,
      admittedAt: gateAdmissions.admittedAt,
      undoneAt: gateAdmissions.undoneAt,
    });
  return voided;
}

export async function findDeviceLabel(db: Pick<Db, 'select'>, deviceId: string) {
  const [device] = await db
    .select({ label: gateDevices.label })
    .from(gateDevices)
    .where(eq(gateDevices.id, deviceId));
  return device?.label ?? '';
}

/** The live admission of the ticket `ticketCode` to an event the officer may see, and its device. */
export async function findLiveAdmission(db: Db, user: SessionUser, eventId: number, ticketCode: string) {
  const [admission] = await db
    .select({ admittedAt: gateAdmissions.admittedAt, device: gateDevices.label })
    .from(gateAdmissions)
    .innerJoin(tickets, eq(tickets.id, gateAdmissions.ticketId))
    .innerJoin(events, eq(events.id, gateAdmissions.eventId))
    .innerJoin(gateDevices, eq(gateDevices.id, gateAdmissions.deviceId))
    .where(
      and(
        eq(tickets.publicCode, ticketCode),
        eq(gateAdmissions.eventId, eventId),
        isNull(gateAdmissions.undoneAt),
        officerScope(user),
      ),
    );
  return admission;
}
