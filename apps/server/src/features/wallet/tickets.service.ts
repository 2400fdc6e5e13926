import {
  formatCalendarDate,
  walletMessages,
  type WalletFixture,
  type WalletLookup,
  type WalletTicket,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import type { events, tickets } from '../../db/schema';
import { activeSuspensionOf, activeSuspensionsOf, type ActiveSuspension } from '../../rules/suspensions';
import { identifierDigest } from '../../rules/identifier-digests';
import { personKeys } from '../../rules/identity-keys';
import {
  findRegistryAmka,
  listSuspensionChecksOf,
  listBorrowedFixtures,
  listDependentsTickets,
  listHeldTickets,
  listTicketAuditOf,
  listUpcomingFixtures,
} from './tickets.queries';

type EventRow = typeof events.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;
/** What a listed ticket shows of its ticket and its event. */
type ListedTicketRow = Pick<TicketRow, 'publicCode' | 'sector' | 'gate' | 'row' | 'seat' | 'seasonal'>;
type ListedEventRow = Pick<
  EventRow,
  'id' | 'description' | 'startsAt' | 'endsAt' | 'venue' | 'seasonal' | 'cancelledAt'
>;

type Fixture = WalletFixture;

const toFixture = (event: ListedEventRow, lentTo: string | null = null): Fixture => ({
  eventId: event.id,
  eventDescription: event.description,
  eventDateTime: event.startsAt.toISOString(),
  venue: event.venue,
  lentTo,
  cancelled: event.cancelledAt !== null,
});

/** The upcoming fixtures of these season tickets' seasons, each with the recipient of a loan of it. */
async function upcomingFixturesOf(db: Db, seasonTicketIds: number[]) {
  if (seasonTicketIds.length === 0) return new Map<number, Fixture[]>();
  const rows = await listUpcomingFixtures(db, seasonTicketIds);
  const byTicket = new Map<number, Fixture[]>();
  for (const row of rows) {
    byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), toFixture(row.fixture, row.lentTo)]);
  }
  return byTicket;
}

interface Entry {
  ticket: ListedTicketRow;
  event: ListedEventRow;
  fixtures: Fixture[];
  lentBy: string | null;
  dependentName: string | null;
  /** What keeps whoever enters with it out today (the person, or the minor), if anything. */
  suspension: ActiveSuspension | undefined;
}

/** What a listed ticket says while whoever enters with it is suspended. */
function blockingOf(suspension: ActiveSuspension | undefined, dependentName: string | null) {
  if (!suspension) return { blocked: false, blockedUntil: null, blockedNotice: null };
  const lastDay = formatCalendarDate(suspension.endDate);
  return {
    blocked: true,
    blockedUntil: suspension.endDate,
    blockedNotice: dependentName
      ? walletMessages.dependentBlockedNotice(dependentName, lastDay, suspension.organisationName)
      : walletMessages.blockedNotice(lastDay, suspension.organisationName),
  };
}

/**
 * The person's tickets: match tickets until kick-off, season tickets until their season ends (with
 * the upcoming fixtures, and which of them are lent), the fixtures others lent them, and the tickets
 * of the minors in their care. No gate code: a wallet's code is made and signed on the phone it
 * registered (device-keys.service.ts). Each blocked while whoever enters with it is suspended (the
 * rule of rules/suspensions.ts, asked for that person): the person for their own tickets and the
 * fixtures lent to them, the minor for a minor's ticket; saying who, until when and whom to contact.
 */
export async function listWalletTickets(db: Db, afm: string): Promise<WalletTicket[]> {
  return walletTicketsOf(db, afm);
}

/**
 * One ticket as the person's wallet lists it (`listWalletTickets`), by its code: the answer to adding
 * it. Undefined when the wallet does not list it.
 */
export async function findWalletTicket(
  db: Db,
  afm: string,
  publicCode: string,
): Promise<WalletTicket | undefined> {
  const [listed] = await walletTicketsOf(db, afm, publicCode);
  return listed;
}

async function walletTicketsOf(db: Db, afm: string, onlyCode?: string): Promise<WalletTicket[]> {
  const [suspension, held, dependents, borrowed] = await Promise.all([
    activeSuspensionOf(db, { afm }),
    listHeldTickets(db, afm, onlyCode),
    listDependentsTickets(db, afm, onlyCode),
    onlyCode === undefined ? listBorrowedFixtures(db, afm) : [],
  ]);
  // Each minor once, by the identifiers their tickets are held by, all asked in one statement.
  const minorKey = (ticket: TicketRow) => `${ticket.holderAfm}:${ticket.holderAmka}`;
  const minors = [...new Map(dependents.map(({ ticket }) => [minorKey(ticket), ticket] as const)).entries()];
  const minorHits = await activeSuspensionsOf(
    db,
    minors.map(([, ticket]) => ({ afm: ticket.holderAfm, amka: ticket.holderAmka })),
  );
  const minorSuspensions = new Map(minors.map(([key], index) => [key, minorHits[index]] as const));
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
      suspension: dependentName === null ? suspension : minorSuspensions.get(minorKey(ticket)),
    })),
    ...borrowed.map(({ ticket, fixture, lentBy }) => ({
      ticket,
      event: fixture,
      fixtures: [toFixture(fixture)],
      lentBy,
      dependentName: null,
      suspension,
    })),
  ];
  return entries.map(toWalletTicket);
}

/** One entry as the wallet lists it: the one shape of a wallet ticket. */
function toWalletTicket({ ticket, event, fixtures, lentBy, dependentName, suspension }: Entry): WalletTicket {
  return {
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
    fixtures,
    lentBy,
    dependentName,
    ...blockingOf(suspension, dependentName),
  };
}

/**
 * A ticket of the person's own or of a minor in their care, as `listWalletTickets` lists it, from its
 * rows already read (the answer to adding it, made of what the binding answered): a match with its
 * one fixture, a season ticket with its fixtures still ahead (read here).
 */
export async function walletTicketOf(
  db: Db,
  owned: {
    ticket: ListedTicketRow & { id: number };
    event: ListedEventRow;
    dependentName: string | null;
    suspension: ActiveSuspension | undefined;
  },
): Promise<WalletTicket> {
  const { ticket, event } = owned;
  const fixtures = event.seasonal
    ? ((await upcomingFixturesOf(db, [ticket.id])).get(ticket.id) ?? [])
    : [toFixture(event)];
  return toWalletTicket({ ...owned, fixtures, lentBy: null });
}

/** The audit actions of a ticket office reading or binding a ticket (stats lookup, issue, reprint). */
const LOOKUPS = ['TICKET_LOOKUP'];
const BINDINGS = [
  'TICKET_PERSONALIZE',
  'TICKET_IDENTIFY',
  'TICKET_PERSONALIZE_REPRINT',
  'TICKET_IDENTIFY_REPRINT',
];
const SHOWN = 200;

/**
 * Transparency for the citizen: when a ticket office looked up or bound one of the person's tickets,
 * by which club (the officer's organisation), newest first. Never the officer's ΑΦΜ.
 */
export async function listLookups(db: Db, afm: string, auditDigestKey: string): Promise<WalletLookup[]> {
  const digests = personKeys({ afm, amka: await findRegistryAmka(db, afm) }).map((key) =>
    identifierDigest(auditDigestKey, key),
  );
  const [ticketRows, checkRows] = await Promise.all([
    listTicketAuditOf(db, afm, [...LOOKUPS, ...BINDINGS], SHOWN),
    listSuspensionChecksOf(db, digests, SHOWN),
  ]);
  const organisationOf = (row: { organisation: string | null }) =>
    row.organisation ?? walletMessages.platformStaff;
  return [
    ...ticketRows.map((row) => ({
      ticketCode: row.ticketCode ?? '',
      kind: LOOKUPS.includes(row.action) ? ('LOOKUP' as const) : ('BINDING' as const),
      organisation: organisationOf(row),
      at: row.at,
    })),
    ...checkRows.map((row) => ({
      ticketCode: null,
      kind: 'SUSPENSION_CHECK' as const,
      organisation: organisationOf(row),
      at: row.at,
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, SHOWN)
    .map((lookup) => ({ ...lookup, at: lookup.at.toISOString() }));
}
