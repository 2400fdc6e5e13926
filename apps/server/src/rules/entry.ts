import { and, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { transfers, type tickets } from '../db/schema';
import type { HolderIdentifiers } from './identity-keys';

/**
 * Who enters a fixture with a ticket (docs/design.md §8): its holder, except for a fixture of a season
 * ticket the holder lent, which its recipient enters instead (and the holder does not).
 */

/** Loans that give their recipient the fixture's entry: accepted, to be closed after it or never. */
export const ENTRY_GIVING_LOANS = ['ACCEPTED', 'COMPLETED'] as const;

/** The loan of this ticket for this event that gives its recipient the entry (a join condition). */
export const entryGivingLoan = (ticketId: SQLWrapper | number, eventId: SQLWrapper | number) =>
  and(
    eq(transfers.ticketId, ticketId),
    eq(transfers.fixtureId, eventId),
    inArray(transfers.status, ENTRY_GIVING_LOANS),
  );

/** The identifiers a suspension may name of the one who enters, and the loan that makes them enter. */
export interface Entrant extends HolderIdentifiers {
  /** The loan of this fixture whose recipient enters instead of the holder (`whoEnters`). */
  loan: { name: string | null } | null;
}

/** The ticket admits to this event: its own event, or a fixture of its season. */
export const admitsTo = (
  ticket: Pick<typeof tickets.$inferSelect, 'eventId'>,
  event: { id: number; seasonId: number | null },
) => event.id === ticket.eventId || event.seasonId === ticket.eventId;

export async function entrantOf(
  db: Db,
  ticket: Pick<typeof tickets.$inferSelect, 'id' | 'holderAfm' | 'holderAmka' | 'documentId'>,
  eventId: number,
): Promise<Entrant> {
  const [loan] = await db
    .select({ afm: transfers.toAfm, name: transfers.toName })
    .from(transfers)
    .where(entryGivingLoan(ticket.id, eventId))
    .limit(1);
  if (loan) return { afm: loan.afm, loan: { name: loan.name } };
  return { afm: ticket.holderAfm, amka: ticket.holderAmka, documentId: ticket.documentId, loan: null };
}
