import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { citizens, events, tickets } from '../db/schema';
import { indicateCompanion } from '../features/companions/service';
import { answerCompanionRequest } from '../features/wallet/companion-requests';
import type { SessionUser } from '../shared/sessions';

/**
 * Demo events and the minors' tickets, with one PENDING and one ACCEPTED declaration made
 * through the same services a guardian and a companion use, so a new user sees every state.
 */
const DAY_MS = 86_400_000;

/** Ticket codes the README lists: free ones to try, and the ones the demo declarations use. */
export const DEMO_TICKETS = {
  olderMinorFree: '200000000011',
  olderMinorPending: '200000000028',
  youngerMinorAccepted: '200000000035',
  youngerMinorFree: '200000000042',
  olderMinorPastEvent: '200000000059',
} as const;

/** Match days start at 19:30 Athens time (16:30 UTC in winter, good enough for demo data). */
const matchDay = (today: Date, days: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, 17, 30));

export async function seedDemoEvents(db: Db, today: Date): Promise<void> {
  const [existing] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.externalId, 'demo-derby'));
  if (existing) return;

  const eventRows = await db
    .insert(events)
    .values([
      {
        organisationId: 'ae-olympiada',
        externalId: 'demo-derby',
        description: 'Α.Ε. Ολυμπιάδα - Αθλητικός Όμιλος Πειραιά',
        startsAt: matchDay(today, 6),
        venue: 'Γήπεδο Ολυμπιάδας',
      },
      {
        organisationId: 'ae-olympiada',
        externalId: 'demo-cup',
        description: 'Α.Ε. Ολυμπιάδα - Π.Α.Σ. Ηπείρου (Κύπελλο)',
        startsAt: matchDay(today, 13),
        venue: 'Γήπεδο Ολυμπιάδας',
      },
      {
        organisationId: 'kae-akropoli',
        externalId: 'demo-basket',
        description: 'Κ.Α.Ε. Ακρόπολη - Κ.Α.Ε. Θεσσαλονίκης',
        startsAt: matchDay(today, 9),
        venue: 'Κλειστό Ακρόπολης',
        displayMode: 'BARCODE',
      },
      {
        organisationId: 'ae-olympiada',
        externalId: 'demo-past',
        description: 'Α.Ε. Ολυμπιάδα - Ατρόμητος Κρήτης',
        startsAt: new Date(today.getTime() - 3 * DAY_MS),
        venue: 'Γήπεδο Ολυμπιάδας',
      },
    ])
    .returning({ id: events.id, externalId: events.externalId });
  const eventId = (externalId: string) => eventRows.find((row) => row.externalId === externalId)?.id ?? -1;

  const minorRows = await db
    .select({ firstName: citizens.firstName, amka: citizens.amka })
    .from(citizens)
    .where(inArray(citizens.firstName, ['ΝΙΚΟΛΑΟΣ', 'ΑΝΝΑ']));
  const amkaOf = (firstName: string) => minorRows.find((row) => row.firstName === firstName)?.amka ?? null;
  const older = amkaOf('ΝΙΚΟΛΑΟΣ');
  const younger = amkaOf('ΑΝΝΑ');
  const seat = (
    publicCode: string,
    externalId: string,
    holderAmka: string | null,
    place: [string, string, string, string],
  ) => ({
    publicCode,
    eventId: eventId(externalId),
    holderAmka,
    sector: place[0],
    gate: place[1],
    row: place[2],
    seat: place[3],
  });
  await db
    .insert(tickets)
    .values([
      seat(DEMO_TICKETS.olderMinorFree, 'demo-derby', older, ['Θύρα 7', '7', '12', '21']),
      seat(DEMO_TICKETS.olderMinorPending, 'demo-cup', older, ['Θύρα 7', '7', '12', '21']),
      seat(DEMO_TICKETS.youngerMinorAccepted, 'demo-derby', younger, ['Θύρα 7', '7', '12', '22']),
      seat(DEMO_TICKETS.youngerMinorFree, 'demo-basket', younger, ['Α2', '3', '5', '8']),
      seat(DEMO_TICKETS.olderMinorPastEvent, 'demo-past', older, ['Θύρα 7', '7', '12', '21']),
    ]);

  if (!older || !younger) return;
  const guardian: SessionUser = {
    afm: '100000027',
    firstName: 'ΕΛΕΝΗ',
    lastName: 'ΓΕΩΡΓΙΟΥ',
    role: 'STANDARD_USER',
    organisationId: null,
  };
  const companion: SessionUser = {
    afm: '100000039',
    firstName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ',
    lastName: 'ΔΗΜΗΤΡΙΟΥ',
    role: 'STANDARD_USER',
    organisationId: null,
  };
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
