import { and, asc, count, eq, isNull, max, not, sql, type SQL } from 'drizzle-orm';
import type { AdmissionCounts } from '@tickets/domain';
import type { Db } from '../../db/client';
import { auditLog, events, gateAdmissions, gateDecisionRows, gateEventOf } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { isOver } from '../../shared/events';
import type { SessionUser } from '../../shared/sessions';
import { officerScope } from '../../shared/tickets';
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

/** One event's admissions so far, refusals by reason (from the audit rows), and the last scan. */
export async function admissionCounts(db: Db, user: SessionUser, eventId: number): Promise<AdmissionCounts> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), officerScope(user)));
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  // The expression and the condition of the index `audit_log_gate_event_idx`, to be read through it.
  const ofEvent = and(gateDecisionRows, sql`${gateEventOf(auditLog)} = ${String(eventId)}`);
  const [[admitted], refusals, [last]] = await Promise.all([
    db
      .select({ n: count() })
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
  ]);
  return {
    eventId,
    admitted: admitted?.n ?? 0,
    refused: Object.fromEntries(refusals.map((row) => [row.reason, row.n])),
    lastScanAt: last?.at ? new Date(last.at).toISOString() : null,
  };
}
