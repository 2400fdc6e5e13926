import { and, eq, gte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { suspensions } from '../db/schema';
import { athensToday } from './athens-time';

export interface PersonIdentifiers {
  afm?: string | null;
  amka?: string | null;
  documentId?: string | null;
}

/**
 * Whether any of the person's identifiers is under an active suspension: not deleted, and its
 * end date (a day in Athens) not yet past. DESIGN.md §5: such a person cannot be bound to a
 * ticket, named a companion or receive a transfer.
 */
export async function isSuspended(db: Pick<Db, 'select'>, person: PersonIdentifiers): Promise<boolean> {
  const matches: SQL[] = [];
  if (person.afm) matches.push(eq(suspensions.afm, person.afm));
  if (person.amka) matches.push(eq(suspensions.amka, person.amka));
  if (person.documentId) matches.push(eq(suspensions.documentId, person.documentId));
  if (matches.length === 0) return false;
  const [hit] = await db
    .select({ id: suspensions.id })
    .from(suspensions)
    .where(and(eq(suspensions.active, true), gte(suspensions.endDate, athensToday), or(...matches)))
    .limit(1);
  return hit !== undefined;
}
