import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatCalendarDate, walletMessages, type WalletFixture, type WalletTicket } from '@tickets/domain';
import type { Db } from '../../db/client';
import { citizens, events, tickets, transfers } from '../../db/schema';
import { ENTRY_GIVING_LOANS } from '../../shared/entry';
import { isUpcoming } from '../../shared/events';
import { activeSuspensionOf } from '../../shared/suspensions';

const fixtures = alias(events, 'fixture');
const lenders = alias(citizens, 'lender');

type EventRow = typeof events.$inferSelect;

const toFixture = (event: EventRow, lentTo: string | null = null): WalletFixture => ({
  eventId: event.id,
  eventDescription: event.description,
  eventDateTime: event.startsAt.toISOString(),
  venue: event.venue,
  lentTo,
});

/** The upcoming fixtures of these season tickets' seasons, each with the recipient of a loan of it by this ticket. */
async function upcomingFixturesOf(db: Db, seasonTicketIds: number[]) {
  if (seasonTicketIds.length === 0) return new Map<number, WalletFixture[]>();
  const rows = await db
    .select({ ticketId: tickets.id, fixture: fixtures, lentTo: transfers.toName })
    .from(tickets)
    .innerJoin(fixtures, eq(fixtures.seasonId, tickets.eventId))
    .leftJoin(
      transfers,
      and(
        eq(transfers.ticketId, tickets.id),
        eq(transfers.fixtureId, fixtures.id),
        inArray(transfers.status, ENTRY_GIVING_LOANS),
      ),
    )
    .where(and(inArray(tickets.id, seasonTicketIds), gt(fixtures.startsAt, sql`now()`)))
    .orderBy(asc(fixtures.startsAt));
  const byTicket = new Map<number, WalletFixture[]>();
  for (const row of rows) {
    byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), toFixture(row.fixture, row.lentTo)]);
  }
  return byTicket;
}

/**
 * The person's tickets: match tickets until kick-off, season tickets until their season ends (with
 * the upcoming fixtures, and which of them are lent), and the fixtures others lent them. All blocked
 * while the person is suspended, saying until when and whom to contact.
 */
export async function listWalletTickets(db: Db, afm: string): Promise<WalletTicket[]> {
  const [suspension, held, borrowed] = await Promise.all([
    activeSuspensionOf(db, { afm }),
    db
      .select({ ticket: tickets, event: events })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(and(eq(tickets.holderAfm, afm), isUpcoming(events)))
      .orderBy(asc(events.startsAt)),
    db
      .select({
        ticket: tickets,
        fixture: fixtures,
        lentBy: sql<string>`${lenders.firstName} || ' ' || ${lenders.lastName}`,
      })
      .from(transfers)
      .innerJoin(tickets, eq(tickets.id, transfers.ticketId))
      .innerJoin(fixtures, eq(fixtures.id, transfers.fixtureId))
      .leftJoin(lenders, eq(lenders.afm, transfers.fromAfm))
      .where(
        and(
          eq(transfers.toAfm, afm),
          inArray(transfers.status, ENTRY_GIVING_LOANS),
          gt(fixtures.startsAt, sql`now()`),
        ),
      )
      .orderBy(asc(fixtures.startsAt)),
  ]);
  const seasonFixtures = await upcomingFixturesOf(
    db,
    held.filter(({ event }) => event.seasonal).map(({ ticket }) => ticket.id),
  );
  const blocking = {
    blocked: suspension !== undefined,
    blockedUntil: suspension?.endDate ?? null,
    blockedNotice: suspension
      ? walletMessages.blockedNotice(formatCalendarDate(suspension.endDate), suspension.organisationName)
      : null,
  };
  const seat = (ticket: typeof tickets.$inferSelect) => ({
    publicCode: ticket.publicCode,
    sector: ticket.sector,
    gate: ticket.gate,
    row: ticket.row,
    seat: ticket.seat,
  });
  const event = (value: EventRow) => ({
    eventId: value.id,
    eventDescription: value.description,
    eventDateTime: value.startsAt.toISOString(),
    venue: value.venue,
  });
  return [
    ...held.map(({ ticket, event: held }) => ({
      ...seat(ticket),
      ...event(held),
      seasonal: held.seasonal,
      seasonEndsAt: held.seasonal ? (held.endsAt?.toISOString() ?? null) : null,
      fixtures: held.seasonal ? (seasonFixtures.get(ticket.id) ?? []) : [toFixture(held)],
      lentBy: null,
      ...blocking,
    })),
    ...borrowed.map(({ ticket, fixture, lentBy }) => ({
      ...seat(ticket),
      ...event(fixture),
      seasonal: true,
      seasonEndsAt: null,
      fixtures: [toFixture(fixture)],
      lentBy,
      ...blocking,
    })),
  ];
}
