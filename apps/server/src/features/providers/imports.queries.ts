import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { ProviderEvent, ProviderTicket } from '@tickets/domain';
import type { Db } from '../../db/client';
import { events, gateAdmissions, ticketCodeRanges, tickets } from '../../db/schema';
import { gatesOpenAt } from '../../rules/events';

/** The organisation's seasons by their provider id. */
export async function seasonIdsOf(db: Db, organisationId: string) {
  const rows = await db
    .select({ id: events.id, externalId: events.externalId })
    .from(events)
    .where(and(eq(events.organisationId, organisationId), eq(events.seasonal, true)));
  return new Map(rows.map((row) => [row.externalId, row.id]));
}

/** The organisation's events by their provider id. */
export async function eventIdsOf(db: Db, organisationId: string) {
  const rows = await db
    .select({ id: events.id, externalId: events.externalId })
    .from(events)
    .where(eq(events.organisationId, organisationId));
  return new Map(rows.map((event) => [event.externalId, event.id]));
}

/**
 * A fixture whose gates have opened (GATES_OPEN_MINUTES_BEFORE its kick-off as stored) or that has
 * admissions: it keeps its kick-off and duration (issue #55).
 */
const hasStarted = sql<boolean>`(not ${events.seasonal} and (${gatesOpenAt(events)} <= now()
  or exists (select 1 from ${gateAdmissions} where ${gateAdmissions.eventId} = ${events.id})))`;

/**
 * Of the organisation's events named, those that have started (`hasStarted`) or were cancelled by the
 * club's ticket office, with their schedule as stored: a row changing a started fixture's schedule
 * is rejected, any row naming a cancelled one too (`importEvents`).
 */
export const startedFixturesOf = (db: Db, organisationId: string, externalIds: string[]) =>
  db
    .select({
      externalId: events.externalId,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      seasonal: events.seasonal,
      cancelledAt: events.cancelledAt,
    })
    .from(events)
    .where(
      and(
        eq(events.organisationId, organisationId),
        inArray(events.externalId, externalIds),
        or(hasStarted, isNotNull(events.cancelledAt)),
      ),
    );

/** The prefixes of the organisation's ranges of ticket codes. */
export const codePrefixesOf = (db: Db, organisationId: string) =>
  db
    .select({ prefix: ticketCodeRanges.prefix })
    .from(ticketCodeRanges)
    .where(eq(ticketCodeRanges.organisationId, organisationId));

/** Upserts events by provider id; an unchanged one is not written. Answers one row per written event. */
export const upsertEvents = (
  tx: Pick<Db, 'insert'>,
  organisationId: string,
  chunk: ProviderEvent[],
  seasonIds: Map<string, number>,
) =>
  tx
    .insert(events)
    .values(
      chunk.map((value) => ({
        organisationId,
        externalId: value.externalId,
        description: value.description,
        startsAt: new Date(value.startsAt),
        endsAt: value.endsAt ? new Date(value.endsAt) : null,
        venue: value.venue,
        seasonal: value.seasonal,
        seasonId: value.seasonExternalId ? (seasonIds.get(value.seasonExternalId) ?? null) : null,
        displayMode: value.displayMode,
      })),
    )
    .onConflictDoUpdate({
      target: [events.organisationId, events.externalId],
      set: {
        description: sql`excluded.description`,
        startsAt: sql`excluded.starts_at`,
        endsAt: sql`excluded.ends_at`,
        venue: sql`excluded.venue`,
        seasonal: sql`excluded.seasonal`,
        seasonId: sql`excluded.season_id`,
        displayMode: sql`excluded.display_mode`,
        updatedAt: sql`now()`,
      },
      // Checked again by the statement that writes (`importEvents` rejected such a row before): a
      // started fixture's schedule is not changed, had its gates opened or an admission come meanwhile;
      // a cancelled one is not changed at all, had it been cancelled meanwhile.
      setWhere: sql`(${events.description}, ${events.startsAt}, ${events.endsAt}, ${events.venue},
            ${events.seasonal}, ${events.seasonId}, ${events.displayMode})
          is distinct from (excluded.description, excluded.starts_at, excluded.ends_at, excluded.venue,
            excluded.seasonal, excluded.season_id, excluded.display_mode)
          and ((${events.startsAt}, ${events.endsAt}, ${events.seasonal})
            is not distinct from (excluded.starts_at, excluded.ends_at, excluded.seasonal)
            or not ${hasStarted})
          and ${events.cancelledAt} is null`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });

/**
 * Upserts tickets by code; an unchanged one is not written. Answers one row per written ticket.
 * One statement of seven array parameters (unnest) rather than 7,000 scalar ones: the database
 * parses it once, whatever the chunk's size. The range and the club are checked again by the
 * statement that writes: a code is written only inside the club's range, and only a ticket of the
 * club's own events is updated.
 */
export async function upsertTickets(
  tx: Pick<Db, 'execute'>,
  organisationId: string,
  chunk: ProviderTicket[],
  eventIds: Map<string, number>,
) {
  const column = <T>(pick: (value: ProviderTicket) => T) => sql.param(chunk.map((value) => pick(value)));
  const result = await tx.execute(sql`
        insert into ${tickets} (public_code, event_id, sector, gate, "row", seat, seasonal)
        select given.* from unnest(
          ${column((value) => value.publicCode)}::text[],
          ${column((value) => eventIds.get(value.eventExternalId) ?? -1)}::bigint[],
          ${column((value) => value.sector ?? null)}::text[],
          ${column((value) => value.gate ?? null)}::text[],
          ${column((value) => value.row ?? null)}::text[],
          ${column((value) => value.seat ?? null)}::text[],
          ${column((value) => value.seasonal)}::boolean[])
          as given(public_code, event_id, sector, gate, "row", seat, seasonal)
        where exists (select 1 from ${ticketCodeRanges} as range
          where range.organisation_id = ${organisationId} and starts_with(given.public_code, range.prefix))
        on conflict (public_code) do update set
          event_id = excluded.event_id, sector = excluded.sector, gate = excluded.gate,
          "row" = excluded."row", seat = excluded.seat, seasonal = excluded.seasonal, modified_at = now()
        where tickets.event_id in (select id from ${events} where organisation_id = ${organisationId})
          and (tickets.event_id, tickets.sector, tickets.gate, tickets."row", tickets.seat, tickets.seasonal)
          is distinct from (excluded.event_id, excluded.sector, excluded.gate, excluded."row", excluded.seat, excluded.seasonal)
        returning (xmax = 0) as inserted`);
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: { inserted: boolean }[] }).rows;
}
