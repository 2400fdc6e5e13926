import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatCalendarDate, walletMessages, type WalletFixture, type WalletTicket } from '@tickets/domain';
import type { Db } from '../../db/client';
import { citizens, events, gateCodes, guardianships, tickets, transfers } from '../../db/schema';
import { newVerificationCode } from '../../shared/codes';
import { ENTRY_GIVING_LOANS, entryGivingLoan } from '../../shared/entry';
import { isUpcoming } from '../../shared/events';
import { fullNameOf } from '../../shared/people';
import { activeSuspensionOf } from '../../shared/suspensions';

const fixtures = alias(events, 'fixture');
const lenders = alias(citizens, 'lender');
const minors = alias(citizens, 'minor');

type EventRow = typeof events.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

/** A fixture before its gate code is known: whether the wallet's owner carries its entry. */
type Fixture = Omit<WalletFixture, 'gateCode'> & { carried: boolean };

const toFixture = (event: EventRow, lentTo: string | null = null): Fixture => ({
  eventId: event.id,
  eventDescription: event.description,
  eventDateTime: event.startsAt.toISOString(),
  venue: event.venue,
  lentTo,
  carried: lentTo === null,
});

/** The upcoming fixtures of these season tickets' seasons, each with the recipient of a loan of it. */
async function upcomingFixturesOf(db: Db, seasonTicketIds: number[]) {
  if (seasonTicketIds.length === 0) return new Map<number, Fixture[]>();
  const rows = await db
    .select({ ticketId: tickets.id, fixture: fixtures, lentTo: transfers.toName })
    .from(tickets)
    .innerJoin(fixtures, eq(fixtures.seasonId, tickets.eventId))
    .leftJoin(transfers, entryGivingLoan(tickets.id, fixtures.id))
    .where(and(inArray(tickets.id, seasonTicketIds), gt(fixtures.startsAt, sql`now()`)))
    .orderBy(asc(fixtures.startsAt));
  const byTicket = new Map<number, Fixture[]>();
  for (const row of rows) {
    byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), toFixture(row.fixture, row.lentTo)]);
  }
  return byTicket;
}

/**
 * The gate code of each ticket and event the person carries: the live one, or a new random one.
 * Codes are revoked when the entry right moves (a loan accepted or closed), so the next listing
 * shows a new one to whoever carries the right then.
 */
async function gateCodesFor(db: Db, issuedTo: string, pairs: { ticketId: number; eventId: number }[]) {
  const codes = new Map<string, string>();
  if (pairs.length === 0) return codes;
  const keyOf = (pair: { ticketId: number; eventId: number }) => `${pair.ticketId}:${pair.eventId}`;
  const readLive = async () => {
    const live = await db
      .select({ ticketId: gateCodes.ticketId, eventId: gateCodes.eventId, code: gateCodes.code })
      .from(gateCodes)
      .where(
        and(
          eq(gateCodes.issuedTo, issuedTo),
          isNull(gateCodes.revokedAt),
          inArray(
            gateCodes.ticketId,
            pairs.map((pair) => pair.ticketId),
          ),
        ),
      );
    for (const row of live) codes.set(keyOf(row), row.code);
  };
  // A listing writes only when a code is missing (a new ticket, or a right that moved).
  await readLive();
  const missing = pairs.filter((pair) => !codes.has(keyOf(pair)));
  if (missing.length === 0) return codes;
  await db
    .insert(gateCodes)
    .values(missing.map((pair) => ({ ...pair, issuedTo, code: newVerificationCode() })))
    .onConflictDoNothing({
      target: [gateCodes.ticketId, gateCodes.eventId, gateCodes.issuedTo],
      where: sql`revoked_at is null`,
    });
  await readLive();
  return codes;
}

interface Entry {
  ticket: TicketRow;
  event: EventRow;
  fixtures: Fixture[];
  lentBy: string | null;
  dependentName: string | null;
}

/**
 * The person's tickets: match tickets until kick-off, season tickets until their season ends (with
 * the upcoming fixtures, and which of them are lent), the fixtures others lent them, and the tickets
 * of the minors in their care; each event they carry the entry of with its gate code. All blocked
 * while the person is suspended, saying until when and whom to contact.
 */
export async function listWalletTickets(db: Db, afm: string): Promise<WalletTicket[]> {
  const [suspension, held, dependents, borrowed] = await Promise.all([
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
        event: events,
        dependentName: fullNameOf(minors),
      })
      .from(guardianships)
      .innerJoin(citizens, eq(citizens.id, guardianships.guardianId))
      .innerJoin(minors, eq(minors.id, guardianships.minorId))
      .innerJoin(tickets, eq(tickets.holderAmka, minors.amka))
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(and(eq(citizens.afm, afm), isUpcoming(events)))
      .orderBy(asc(events.startsAt)),
    db
      .select({
        ticket: tickets,
        fixture: fixtures,
        lentBy: fullNameOf(lenders),
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
  const owned = [...held.map((row) => ({ ...row, dependentName: null })), ...dependents];
  const seasonFixtures = await upcomingFixturesOf(
    db,
    owned.filter(({ event }) => event.seasonal).map(({ ticket }) => ticket.id),
  );
  const entries: Entry[] = [
    ...owned.map(({ ticket, event, dependentName }) => ({
      ticket,
      event,
      fixtures: event.seasonal ? (seasonFixtures.get(ticket.id) ?? []) : [toFixture(event)],
      lentBy: null,
      dependentName,
    })),
    ...borrowed.map(({ ticket, fixture, lentBy }) => ({
      ticket,
      event: fixture,
      fixtures: [toFixture(fixture)],
      lentBy,
      dependentName: null,
    })),
  ];
  const codes = await gateCodesFor(
    db,
    afm,
    entries.flatMap(({ ticket, fixtures: carried }) =>
      carried
        .filter((fixture) => fixture.carried)
        .map((fixture) => ({ ticketId: ticket.id, eventId: fixture.eventId })),
    ),
  );
  const blocking = {
    blocked: suspension !== undefined,
    blockedUntil: suspension?.endDate ?? null,
    blockedNotice: suspension
      ? walletMessages.blockedNotice(formatCalendarDate(suspension.endDate), suspension.organisationName)
      : null,
  };
  return entries.map(({ ticket, event, fixtures: listed, lentBy, dependentName }) => ({
    publicCode: ticket.publicCode,
    eventId: event.id,
    eventDescription: event.description,
    eventDateTime: event.startsAt.toISOString(),
    venue: event.venue,
    sector: ticket.sector,
    gate: ticket.gate,
    row: ticket.row,
    seat: ticket.seat,
    seasonal: ticket.seasonal,
    seasonEndsAt: event.seasonal ? (event.endsAt?.toISOString() ?? null) : null,
    fixtures: listed.map(({ carried, ...fixture }) => ({
      ...fixture,
      gateCode: carried ? (codes.get(`${ticket.id}:${fixture.eventId}`) ?? null) : null,
    })),
    lentBy,
    dependentName,
    ...blocking,
  }));
}
