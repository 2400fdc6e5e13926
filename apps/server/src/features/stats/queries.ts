import { and, asc, countDistinct, eq, gt, inArray, ne, not, sql } from 'drizzle-orm';
import { LOOKUP_SWEEP_SPAN } from '@tickets/domain';
import type { Db } from '../../db/client';
import { auditLog, citizens, events, transfers } from '../../db/schema';
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

/**
 * How many other codes within LOOKUP_SWEEP_SPAN of `code` (same length, numerically) the officer looked
 * up in the last hour, found or not: the audit log's lookups are the record (its subject index).
 */
export async function countNeighbourLookups(db: Db, officerAfm: string, code: string): Promise<number> {
  const value = Number(code);
  const neighbours: string[] = [];
  for (let offset = -LOOKUP_SWEEP_SPAN; offset <= LOOKUP_SWEEP_SPAN; offset += 1) {
    const neighbour = value + offset;
    if (offset !== 0 && neighbour >= 0) neighbours.push(String(neighbour).padStart(code.length, '0'));
  }
  const [row] = await db
    .select({ codes: countDistinct(auditLog.subject) })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.subject, neighbours),
        ne(auditLog.subject, code),
        eq(auditLog.actor, officerAfm),
        inArray(auditLog.action, ['TICKET_LOOKUP', 'TICKET_LOOKUP_MISS']),
        gt(auditLog.at, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.codes ?? 0;
}
