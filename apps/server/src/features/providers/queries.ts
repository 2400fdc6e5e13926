import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { citizens, events, providers, tickets } from '../../db/schema';
import { isOver } from '../../rules/events';
import { fullNameOf } from '../../rules/people';

export async function findActiveProviderByKeyHash(db: Db, apiKeyHash: string) {
  const [provider] = await db
    .select({ id: providers.id, organisationId: providers.organisationId })
    .from(providers)
    .where(and(eq(providers.apiKeyHash, apiKeyHash), eq(providers.active, true)))
    .limit(1);
  return provider;
}

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

/** The event named by id or provider id, of this club. */
export async function findEventOfOrganisation(db: Db, organisationId: string, query: GateQuery) {
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
  return event;
}

/** A ticket to an event of this club, with its event and its holder's name (as printed, else the registry's). */
export async function findTicketOfOrganisation(db: Db, organisationId: string, publicCode: string) {
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
  return row;
}
