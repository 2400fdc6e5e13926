import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  GATE_DEVICE_OFFLINE_SECONDS,
  GATES_OPEN_MINUTES_BEFORE,
  MATCH_DAY_REFUSAL_BUCKET_MINUTES,
} from '@tickets/domain';
import type { Db } from '../../../db/client';
import { auditLog, events, gateAdmissions, gateDecisionsOf, gateDevices, tickets } from '../../../db/schema';
import { eventEnd, isOver } from '../../../rules/events';
import { officerScope } from '../../../rules/officer-scope';
import { boundTicket } from '../../../rules/tickets';
import type { SessionUser } from '../../../shared/sessions';

/**
 * The club's match-day view and a match's report (issue #42 items 3, 4): one match as its gates saw
 * it, read from the admissions, the refusals' audit rows and the devices' rows.
 */

/** A match (not a season) the officer may see, with its gates' window and the database's time. */
export async function findMatchForOfficer(db: Db, user: SessionUser, eventId: number) {
  const [match] = await db
    .select({
      id: events.id,
      organisationId: events.organisationId,
      seasonId: events.seasonId,
      description: events.description,
      venue: events.venue,
      startsAt: events.startsAt,
      gatesOpenAt: sql<string>`${events.startsAt} - make_interval(mins => ${GATES_OPEN_MINUTES_BEFORE})`,
      endsAt: sql<string>`${eventEnd(events)}`,
      over: isOver(events),
      readAt: sql<string>`now()`,
    })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.seasonal, false), officerScope(user)));
  return match;
}

/** The tickets bound to a person that admit to the match: its own and its season's. */
export async function countBoundTickets(db: Db, admitting: number[]) {
  const [bound] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(inArray(tickets.eventId, admitting), boundTicket));
  return bound?.n ?? 0;
}

/**
 * The club's paired devices with their live admissions to the match, last contact and what they hold
 * unsent; a revoked one only if it admitted to the match.
 */
export const listMatchDevices = (db: Db, organisationId: string, eventId: number) =>
  db
    .select({
      deviceId: gateDevices.id,
      label: gateDevices.label,
      admitted: count(gateAdmissions.id),
      lastContactAt: gateDevices.lastContactAt,
      pendingUploads: gateDevices.pendingUploads,
      offline: sql<boolean>`(${gateDevices.lastContactAt} is null
        or ${gateDevices.lastContactAt} <= now() - make_interval(secs => ${GATE_DEVICE_OFFLINE_SECONDS}))`,
      revoked: sql<boolean>`(${gateDevices.revokedAt} is not null)`,
    })
    .from(gateDevices)
    .leftJoin(
      gateAdmissions,
      and(
        eq(gateAdmissions.deviceId, gateDevices.id),
        eq(gateAdmissions.eventId, eventId),
        isNull(gateAdmissions.undoneAt),
      ),
    )
    .where(and(eq(gateDevices.organisationId, organisationId), isNotNull(gateDevices.pairedAt)))
    .groupBy(gateDevices.id)
    .having(sql`${gateDevices.revokedAt} is null or count(${gateAdmissions.id}) > 0`)
    .orderBy(asc(gateDevices.label), asc(gateDevices.id));

/** The minute an admission was made in (the device's own time for an offline one). */
const admittedMinute = sql<string>`date_trunc('minute', ${gateAdmissions.admittedAt})`;

/** The match's live admissions, per device and minute: only the minutes that have one. */
export const countEntriesPerMinute = (db: Db, eventId: number) =>
  db
    .select({ deviceId: gateAdmissions.deviceId, minute: admittedMinute, admitted: count() })
    .from(gateAdmissions)
    .where(and(eq(gateAdmissions.eventId, eventId), isNull(gateAdmissions.undoneAt)))
    .groupBy(gateAdmissions.deviceId, admittedMinute)
    .orderBy(admittedMinute, gateAdmissions.deviceId);

/** When a refusal was decided: its audit row's time online, the device's own time for an offline one. */
const refusedAt = sql`coalesce((${auditLog.details} ->> 'refusedAt')::timestamptz, ${auditLog.at})`;
/** The span it falls in: a constant of the domain, written into the statement so SELECT and GROUP BY match. */
const spanSeconds = sql.raw(String(MATCH_DAY_REFUSAL_BUCKET_MINUTES * 60));
const refusalSpan = sql<string>`to_timestamp(floor(extract(epoch from ${refusedAt}) / ${spanSeconds}) * ${spanSeconds})`;
const refusalReason = sql<string>`${auditLog.details} ->> 'reason'`;

/** The match's refusals (online and uploaded), by reason and span: only the spans that have one. */
export const countRefusalsOverTime = (db: Db, eventId: number) =>
  db
    .select({ reason: refusalReason, from: refusalSpan, refused: count() })
    .from(auditLog)
    .where(and(gateDecisionsOf(eventId), eq(auditLog.action, 'GATE_REFUSE')))
    .groupBy(refusalSpan, refusalReason)
    .orderBy(refusalSpan, refusalReason);
