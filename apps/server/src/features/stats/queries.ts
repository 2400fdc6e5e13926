import { and, asc, eq, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { citizens, events, transfers } from '../../db/schema';
import { entryGivingLoan } from '../../rules/entry';
import { isOver } from '../../rules/events';
import { fullNameOf } from '../../rules/people';

/** The registry's name of the person with this ΑΦΜ. */
export async function findRegistryName(db: Db, afm: string) {
  const [person] = await db
    .select({ name: fullNameOf(citizens) })
    .from(citizens)
    .where(eq(citizens.afm, afm));
  return person?.name;
}

/** The fixtures of a season not over yet, soonest first, each with the recipient of a loan of it. */
export const listFixturesNotOver = (db: Db, ticketId: number, seasonId: number) =>
  db
    .select({ fixture: events, lentTo: transfers.toName })
    .from(events)
    .leftJoin(transfers, entryGivingLoan(ticketId, events.id))
    .where(and(eq(events.seasonId, seasonId), not(isOver(events))))
    .orderBy(asc(events.startsAt));
