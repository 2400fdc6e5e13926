import { and, eq, or, sql } from 'drizzle-orm';
import type { GateStatus } from '@tickets/domain';
import type { Db } from '../../db/client';
import { citizens, events, tickets } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { admitsTo, entrantOf } from '../../shared/entry';
import { isOver } from '../../shared/events';
import { fullNameOf } from '../../shared/people';
import { isSuspended } from '../../shared/suspensions';

export interface GateQuery {
  eventId?: number;
  eventExternalId?: string;
}

const eventColumns = {
  id: events.id,
  externalId: events.externalId,
  seasonId: events.seasonId,
  over: isOver(events),
};

/** The event a gate asks about, of the provider's own club; the ticket's own event when none is named. */
async function askedEvent(db: Db, organisationId: string, query: GateQuery) {
  const [event] = await db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        eq(events.organisationId, organisationId),
        or(
          query.eventId === undefined ? undefined : eq(events.id, query.eventId),
          query.eventExternalId === undefined ? undefined : eq(events.externalId, query.eventExternalId),
        ),
      ),
    )
    .limit(1);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  return event;
}

/**
 * A ticket of the provider's club as its gate sees it for one event: whether it admits to it, who
 * enters (the holder, or the recipient of a loan of that fixture), and blocked while that person
 * is suspended.
 */
export async function gateStatus(
  db: Db,
  organisationId: string,
  publicCode: string,
  query: GateQuery = {},
): Promise<GateStatus> {
  const [row] = await db
    .select({
      ticket: tickets,
      event: eventColumns,
      holderName: sql<string | null>`coalesce(${tickets.fullName}, ${fullNameOf(citizens)})`,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(citizens, eq(citizens.afm, tickets.holderAfm))
    .where(and(eq(tickets.publicCode, publicCode), eq(events.organisationId, organisationId)))
    .limit(1);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  const { ticket } = row;
  const named = query.eventId !== undefined || query.eventExternalId !== undefined;
  const event = named ? await askedEvent(db, organisationId, query) : row.event;
  const answer = { publicCode, eventExternalId: event.externalId };
  if (!admitsTo(ticket, event)) {
    return { ...answer, status: 'NOT_FOR_THIS_EVENT', holderName: row.holderName, entrant: 'HOLDER' };
  }
  const entrant = await entrantOf(db, ticket, row.holderName, event.id);
  const blocked = !event.over && (await isSuspended(db, entrant));
  return {
    ...answer,
    status: event.over ? 'EVENT_OVER' : blocked ? 'BLOCKED' : 'VALID',
    holderName: entrant.name,
    entrant: entrant.lent ? 'RECIPIENT' : 'HOLDER',
  };
}
