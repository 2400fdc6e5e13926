import { and, asc, count, eq, isNull, max, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdmissionCounts } from '@tickets/domain';
import type { Db } from '../../db/client';
import {
  auditLog,
  events,
  gateAdmissions,
  gateDecisionRows,
  gateDevices,
  gateDoubleEntries,
  gateEventOf,
  tickets,
} from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { isOver } from '../../shared/events';
import type { SessionUser } from '../../shared/sessions';
import { officerScope } from '../../shared/officer-scope';
import type { Device } from './devices';

/** Matches not yet over, soonest first: where `scope` says (a club's; none = every club's). */
async function matchesNotOver(db: Db, scope: SQL | undefined) {
  const rows = await db
    .select()
    .from(events)
    .where(and(scope, eq(events.seasonal, false), not(isOver(events))))
    .orderBy(asc(events.startsAt))
    .limit(50);
  return rows.map((event) => ({
    eventId: event.id,
    eventDescription: event.description,
    eventDateTime: event.startsAt.toISOString(),
    venue: event.venue,
  }));
}

/** The events a steward can pick: the device club's matches not yet over. */
export const gateEvents = (db: Db, device: Device) =>
  matchesNotOver(db, eq(events.organisationId, device.organisationId));

/** The events whose entrance an officer can follow: their club's (every club's, platform-wide). */
export const officerGateEvents = (db: Db, user: SessionUser) => matchesNotOver(db, officerScope(user));

/**
 * Every double entry of one event (docs/design.md §8 "Offline"): the admission kept and the one a
 * device uploaded after it, with both devices and times, in the order the second ones happened.
 */
async function doubleEntries(db: Db, eventId: number): Promise<AdmissionCounts['doubleEntries']> {
  const firstDevice = alias(gateDevices, 'first_device');
  const againDevice = alias(gateDevices, 'again_device');
  const rows = await db
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
  return rows.map((row) => ({
    ticketCode: row.ticketCode,
    first: { device: row.firstDevice, at: row.firstAt.toISOString() },
    again: { device: row.againDevice, at: row.againAt.toISOString() },
  }));
}

/**
 * One event's admissions so far (online and uploaded from offline devices), refusals by reason (from
 * the audit rows), the last scan, and the double entries offline devices made.
 */
export async function admissionCounts(db: Db, user: SessionUser, eventId: number): Promise<AdmissionCounts> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), officerScope(user)));
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  // The expression and the condition of the index `audit_log_gate_event_idx`, to be read through it.
  const ofEvent = and(gateDecisionRows, sql`${gateEventOf(auditLog)} = ${String(eventId)}`);
  const [[admitted], refusals, [last], doubles] = await Promise.all([
    db
      .select({
        n: count(),
        // An offline admission's audit row is written when uploaded; its scan was at its own time.
        lastOffline: sql<
          string | null
        >`max(${gateAdmissions.admittedAt}) filter (where ${gateAdmissions.offline})`,
      })
      .from(gateAdmissions)
      .where(and(eq(gateAdmissions.eventId, eventId), isNull(gateAdmissions.undoneAt))),
    db
      .select({ reason: sql<string>`${auditLog.details} ->> 'reason'`, n: count() })
      .from(auditLog)
      .where(and(ofEvent, eq(auditLog.action, 'GATE_REFUSE')))
      .groupBy(sql`${auditLog.details} ->> 'reason'`),
    db
      .select({ at: max(auditLog.at) })
      .from(auditLog)
      .where(ofEvent),
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
