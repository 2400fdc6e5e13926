import { and, eq, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { citizens, tickets } from '../db/schema';
import { athensToday } from '../shared/athens-time';

/** A registry person's name as shown: first name, then last name (of `citizens` or an alias of it). */
export const fullNameOf = (person: { firstName: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string>`${person.firstName} || ' ' || ${person.lastName}`;

/** Whole years today (Europe/Athens) of a registry person; null when the join found nobody. */
export const ageToday = (person: { birthDate: SQLWrapper }) =>
  sql<number | null>`date_part('year', age(${athensToday}, ${person.birthDate}))::int`;

/**
 * Joins `citizens` to a ticket's holder in the registry: by ΑΦΜ, or by ΑΜΚΑ for a holder known only
 * by it (a minor).
 */
export const registryHolderOfTicket = or(
  eq(citizens.afm, tickets.holderAfm),
  and(isNull(tickets.holderAfm), eq(citizens.amka, tickets.holderAmka)),
);

/** The registry's person with this ΑΦΜ (the one citizens row of it), if any. */
export async function findCitizenByAfm(db: Pick<Db, 'select'>, afm: string) {
  const [citizen] = await db.select().from(citizens).where(eq(citizens.afm, afm)).limit(1);
  return citizen;
}
