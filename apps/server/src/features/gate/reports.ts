import { and, asc, count, eq, isNull, max, not, sql } from 'drizzle-orm';
import type { AdmissionCounts } from '@tickets/domain';
import type { Db } from '../../db/client';
import { auditLog, events, gateAdmissions } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { isOver } from '../../shared/events';
import type { SessionUser } from '../../shared/sessions';
import { officerScope } from '../../shared/tickets';
import type { Device } from './devices';

/** The events a steward can pick: the device club's matches not yet over, soonest first. */
export async function gateEvents(db: Db, device: Device) {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(eq(events.organisationId, device.organisationId), eq(events.seasonal, false), not(isOver(events))),
    )
    .orderBy(asc(events.startsAt))
    .limit(50);
  return rows.map((event) => ({
    eventId: event.id,
    eventDescription: event.description,
    eventDateTime: event.startsAt.toISOString(),
    venue: event.venue,
  }));
}

/** One event's admissions so far, refusals by reason (from the audit rows), and the last scan. */
export async function admissionCounts(db: Db, user: SessionUser, eventId: number): Promise<AdmissionCounts> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), officerScope(user)));
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  const ofEvent = and(
    sql`${auditLog.action} in ('GATE_ADMIT', 'GATE_REFUSE')`,
    sql`${auditLog.details} ->> 'eventId' = ${String(eventId)}`,
  );
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
