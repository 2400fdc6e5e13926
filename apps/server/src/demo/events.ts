import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { citizens, events } from '../db/schema';
import { addCodeRange } from '../admin/code-ranges';
import { addProvider } from '../admin/providers';
import { indicateCompanion } from '../features/companions/service';
import { importEvents, importTickets } from '../features/providers/imports.service';
import { addWalletTicket } from '../features/wallet/claims.service';
import { answerCompanionRequest } from '../features/wallet/companion-requests.service';
import { claimCodeFor } from '../rules/claim-codes';
import type { SessionUser } from '../shared/sessions';

/**
 * Demo events and tickets of the two clubs, loaded through the provider import like real ones;
 * the demo people's tickets added in the wallet (the minors' by their guardian), and one PENDING and
 * one ACCEPTED declaration, all through the services a citizen, a guardian and a companion use, so a
 * new user sees every state. README lists the codes.
 */
const DAY_MS = 86_400_000;

/** Local-only provider keys for trying the provider API against demo data. */
export const DEMO_PROVIDER_KEYS = {
  'ae-olympiada': 'demo-key-ae-olympiada-local-only',
  'kae-akropoli': 'demo-key-kae-akropoli-local-only',
} as const;

/** Ticket codes of the minors (README): free ones to try, and the ones the demo declarations use. */
export const DEMO_TICKETS = {
  olderMinorFree: '200000000011',
  olderMinorPending: '200000000028',
  youngerMinorAccepted: '200000000035',
  youngerMinorFree: '200000000042',
  olderMinorPastEvent: '200000000059',
} as const;

/** Match days start at 19:30 in Athens (17:30 UTC in winter: close enough for demo data). */
const matchDay = (today: Date, days: number) =>
  new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, 17, 30),
  ).toISOString();

interface DemoEvent {
  externalId: string;
  description: string;
  /** From today: whole days put a match at the evening kick-off, a fraction counts from this moment. */
  days: number;
  venue: string;
  seasonal?: boolean;
  /** A season's end, in days from today. */
  endsInDays?: number;
  /** A fixture's season (its externalId). */
  season?: string;
  displayMode?: 'QR' | 'BARCODE';
  /** Free tickets: codes <club digit><event number, 2 digits><serial, 9 digits>. */
  seats: number;
  /**
   * Where its provider first put it, in days from today, until it moves it to `days` (a played match
   * keeps its kick-off: a ticket added before it was played is added while it is still ahead).
   */
  firstPushedInDays?: number;
}

const CLUBS: {
  organisationId: keyof typeof DEMO_PROVIDER_KEYS;
  digit: string;
  /** The club's ticket codes: its digit, and the tens of the minors' tickets it issued (DEMO_TICKETS). */
  codePrefixes: string[];
  events: DemoEvent[];
}[] = [
  {
    organisationId: 'ae-olympiada',
    digit: '3',
    codePrefixes: ['3', '20000000001', '20000000002', '20000000003', '20000000005'],
    events: [
      {
        externalId: 'demo-derby',
        description: 'Α.Ε. Ολυμπιάδα - Αθλητικός Όμιλος Πειραιά',
        days: 6,
        venue: 'Γήπεδο Ολυμπιάδας',
        season: 'demo-season',
        seats: 80,
      },
      {
        externalId: 'demo-cup',
        description: 'Α.Ε. Ολυμπιάδα - Π.Α.Σ. Ηπείρου (Κύπελλο)',
        days: 13,
        venue: 'Γήπεδο Ολυμπιάδας',
        season: 'demo-season',
        seats: 60,
      },
      {
        externalId: 'demo-season',
        description: 'Α.Ε. Ολυμπιάδα - Διαρκείας 2026-27',
        // Started a month ago, runs to next summer: its past and upcoming fixtures are linked to it.
        days: -30,
        endsInDays: 220,
        venue: 'Γήπεδο Ολυμπιάδας',
        seasonal: true,
        seats: 40,
      },
      {
        externalId: 'demo-past',
        description: 'Α.Ε. Ολυμπιάδα - Ατρόμητος Κρήτης',
        days: -3,
        firstPushedInDays: 1,
        venue: 'Γήπεδο Ολυμπιάδας',
        season: 'demo-season',
        seats: 20,
      },
      {
        externalId: 'demo-tonight',
        description: 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας',
        // Two hours after the demo data is made: its gates are open, to try the steward's screen.
        days: 2 / 24,
        venue: 'Γήπεδο Ολυμπιάδας',
        season: 'demo-season',
        seats: 40,
      },
    ],
  },
  {
    organisationId: 'kae-akropoli',
    digit: '4',
    codePrefixes: ['4', '20000000004'],
    events: [
      {
        externalId: 'demo-basket',
        description: 'Κ.Α.Ε. Ακρόπολη - Κ.Α.Ε. Θεσσαλονίκης',
        days: 9,
        venue: 'Κλειστό Ακρόπολης',
        season: 'demo-basket-season',
        displayMode: 'BARCODE',
        seats: 80,
      },
      {
        externalId: 'demo-basket-season',
        description: 'Κ.Α.Ε. Ακρόπολη - Διαρκείας 2026-27',
        days: -30,
        endsInDays: 220,
        venue: 'Κλειστό Ακρόπολης',
        seasonal: true,
        displayMode: 'BARCODE',
        seats: 40,
      },
      {
        externalId: 'demo-basket-past',
        description: 'Κ.Α.Ε. Ακρόπολη - Κ.Α.Ε. Πάτρας',
        days: -5,
        venue: 'Κλειστό Ακρόπολης',
        season: 'demo-basket-season',
        displayMode: 'BARCODE',
        seats: 20,
      },
    ],
  },
];

/** The demo people who add tickets and answer requests (demo/seed.ts's DEMO_PEOPLE). */
const demoUser = (afm: string, firstName: string, lastName: string): SessionUser => ({
  afm,
  firstName,
  lastName,
  role: 'STANDARD_USER',
  organisationId: null,
});
const guardian = demoUser('100000027', 'ΕΛΕΝΗ', 'ΓΕΩΡΓΙΟΥ');
const companion = demoUser('100000039', 'ΚΩΝΣΤΑΝΤΙΝΟΣ', 'ΔΗΜΗΤΡΙΟΥ');
const citizen = demoUser('100000040', 'ΣΟΦΙΑ', 'ΙΩΑΝΝΙΔΟΥ');
const aeImporter = { organisationId: 'ae-olympiada', actor: 'demo-data' };

/** A demo event as its provider pushes it. */
const pushedEvent = (event: DemoEvent, today: Date) => ({
  externalId: event.externalId,
  description: event.description,
  startsAt:
    Number.isInteger(event.days) && event.days >= 0
      ? matchDay(today, event.days)
      : new Date(today.getTime() + event.days * DAY_MS).toISOString(),
  endsAt: event.endsInDays === undefined ? null : matchDay(today, event.endsInDays),
  venue: event.venue,
  seasonal: event.seasonal ?? false,
  seasonExternalId: event.season ?? null,
  displayMode: event.displayMode ?? 'QR',
});

/** The first free ticket code of a demo event (README). */
export const demoTicketCode = (clubDigit: string, eventNumber: number, serial: number) =>
  `${clubDigit}${String(eventNumber).padStart(2, '0')}${String(serial).padStart(9, '0')}`;

async function loadClub(db: Db, club: (typeof CLUBS)[number], today: Date) {
  await addProvider(
    db,
    'demo-data',
    {
      id: `${club.organisationId}-tickets`,
      organisationId: club.organisationId,
      name: `${club.organisationId} ticketing`,
    },
    DEMO_PROVIDER_KEYS[club.organisationId],
  );
  for (const prefix of club.codePrefixes) await addCodeRange(db, 'demo-data', club.organisationId, prefix);
  const importer = { organisationId: club.organisationId, actor: 'demo-data' };
  await importEvents(
    db,
    importer,
    club.events.map((event) => pushedEvent({ ...event, days: event.firstPushedInDays ?? event.days }, today)),
  );
  const seats = club.events.flatMap((event, index) =>
    Array.from({ length: event.seats }, (_, serial) => ({
      publicCode: demoTicketCode(club.digit, index + 1, serial + 1),
      eventExternalId: event.externalId,
      sector: `Θύρα ${(serial % 12) + 1}`,
      gate: String((serial % 12) + 1),
      row: String(Math.floor(serial / 20) + 1),
      seat: String((serial % 20) + 1),
      seasonal: event.seasonal ?? false,
    })),
  );
  await importTickets(db, importer, seats);
}

/**
 * The past match's tickets its fans had bound at the office, and entered with (played-match.ts): few,
 * since the demo data is made at every start of a test server.
 */
const PLAYED_SERIALS = Array.from({ length: 13 }, (_, index) => 8 + index);

/** A ticket of the played match as printed at the office: its code, and the printed verification code. */
export interface PrintedTicket {
  publicCode: string;
  code: string;
}

/**
 * How the past match was played (played-match.ts, given by demo/index.ts: the gate's services stay out
 * of what bench-api.ts reads here): its tickets bound at the office while it was ahead, then its gates.
 */
export interface PlayedMatch {
  bindTickets(ticketCodes: string[]): Promise<PrintedTicket[]>;
  play(eventId: number, startsAt: Date, printed: PrintedTicket[]): Promise<void>;
}

export async function seedDemoEvents(
  db: Db,
  today: Date,
  claimCodeKey: string,
  playedMatch: PlayedMatch,
): Promise<void> {
  const [existing] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.externalId, 'demo-derby'));
  if (existing) return;
  for (const club of CLUBS) await loadClub(db, club, today);

  const minorTickets = [
    {
      publicCode: DEMO_TICKETS.olderMinorFree,
      eventExternalId: 'demo-derby',
      sector: 'Θύρα 7',
      gate: '7',
      row: '12',
      seat: '21',
    },
    {
      publicCode: DEMO_TICKETS.olderMinorPending,
      eventExternalId: 'demo-cup',
      sector: 'Θύρα 7',
      gate: '7',
      row: '12',
      seat: '21',
    },
    {
      publicCode: DEMO_TICKETS.youngerMinorAccepted,
      // Tonight, with her accepted companion: what a steward sees for a child under 15.
      eventExternalId: 'demo-tonight',
      sector: 'Θύρα 7',
      gate: '7',
      row: '12',
      seat: '22',
    },
    {
      publicCode: DEMO_TICKETS.olderMinorPastEvent,
      eventExternalId: 'demo-past',
      sector: 'Θύρα 7',
      gate: '7',
      row: '12',
      seat: '21',
    },
  ];
  await importTickets(db, aeImporter, minorTickets);
  await importTickets(db, { organisationId: 'kae-akropoli', actor: 'demo-data' }, [
    {
      publicCode: DEMO_TICKETS.youngerMinorFree,
      eventExternalId: 'demo-basket',
      sector: 'Α2',
      gate: '3',
      row: '5',
      seat: '8',
    },
  ]);

  await db
    .update(events)
    .set({ minToAutoRevertTransferredTicket: 0 })
    .where(eq(events.externalId, 'demo-season'));

  const minors = await db
    .select({ firstName: citizens.firstName, amka: citizens.amka })
    .from(citizens)
    .where(inArray(citizens.firstName, ['ΝΙΚΟΛΑΟΣ', 'ΑΝΝΑ']));
  const older = minors.find((row) => row.firstName === 'ΝΙΚΟΛΑΟΣ')?.amka;
  const younger = minors.find((row) => row.firstName === 'ΑΝΝΑ')?.amka;
  if (!older || !younger) return;

  // The demo people add their tickets in the wallet with their purchase confirmations' codes, as anyone
  // does (docs/design.md §10): the season tickets to try loans with, and the minors' by their guardian.
  const addTicket = (user: SessionUser, publicCode: string, dependentAmka?: string) =>
    addWalletTicket(
      db,
      { user, requestId: 'demo-data' },
      { publicCode, claimCode: claimCodeFor(claimCodeKey, publicCode), dependentAmka },
      claimCodeKey,
    );
  await addTicket(companion, demoTicketCode('3', 3, 1));
  await addTicket(citizen, demoTicketCode('3', 3, 2));
  const minorsTickets: [string, string][] = [
    [DEMO_TICKETS.olderMinorFree, older],
    [DEMO_TICKETS.olderMinorPending, older],
    [DEMO_TICKETS.youngerMinorAccepted, younger],
    [DEMO_TICKETS.youngerMinorFree, younger],
  ];
  for (const [publicCode, amka] of minorsTickets) await addTicket(guardian, publicCode, amka);
  // The past match's tickets were added and bound before it was played; then its provider moves it
  // to when it was, and its gates' devices upload what they decided.
  await addTicket(guardian, DEMO_TICKETS.olderMinorPastEvent, older);
  const pastIndex = CLUBS[0]?.events.findIndex((event) => event.externalId === 'demo-past') ?? -1;
  const printed = await playedMatch.bindTickets(
    PLAYED_SERIALS.map((serial) => demoTicketCode('3', pastIndex + 1, serial)),
  );
  for (const club of CLUBS) {
    const moved = club.events.filter((event) => event.firstPushedInDays !== undefined);
    if (moved.length > 0)
      await importEvents(
        db,
        { organisationId: club.organisationId, actor: 'demo-data' },
        moved.map((event) => pushedEvent(event, today)),
      );
  }
  const past = CLUBS[0]?.events[pastIndex];
  const [played] = await db.select({ id: events.id }).from(events).where(eq(events.externalId, 'demo-past'));
  if (past && played) await playedMatch.play(played.id, new Date(pushedEvent(past, today).startsAt), printed);

  const requestId = 'demo-data';
  await indicateCompanion(
    db,
    { user: guardian, requestId },
    { publicCode: DEMO_TICKETS.olderMinorPending, afm: companion.afm, amka: older },
  );
  const accepted = await indicateCompanion(
    db,
    { user: guardian, requestId },
    { publicCode: DEMO_TICKETS.youngerMinorAccepted, afm: companion.afm, amka: younger },
  );
  await answerCompanionRequest(db, { user: companion, requestId }, accepted.declarationId, 'accept');
}
