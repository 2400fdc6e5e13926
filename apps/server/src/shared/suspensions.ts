import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { suspensions } from '../db/schema';
import { athensToday } from './athens-time';

export interface PersonIdentifiers {
  afm?: string | null;
  amka?: string | null;
  documentId?: string | null;
}

/** Asked before every binding, declaration, transfer and gate check: prepared once; a NULL matches nothing. */
const activeSuspensionQuery = preparedPerDatabase((db) =>
  db
    .select({ id: suspensions.id })
    .from(suspensions)
    .where(
      and(
        eq(suspensions.active, true),
        gte(suspensions.endDate, athensToday),
        or(
          eq(suspensions.afm, sql.placeholder('afm')),
          eq(suspensions.amka, sql.placeholder('amka')),
          eq(suspensions.documentId, sql.placeholder('documentId')),
        ),
      ),
    )
    .limit(1)
    .prepare('active_suspension_of'),
);

/**
 * Whether any of the person's identifiers is under an active suspension: not deleted, and its
 * end date (a day in Athens) not yet past. DESIGN.md §5: such a person cannot be bound to a
 * ticket, named a companion or receive a transfer.
 */
export async function isSuspended(db: Db, person: PersonIdentifiers): Promise<boolean> {
  if (!person.afm && !person.amka && !person.documentId) return false;
  const [hit] = await activeSuspensionQuery(db).execute({
    afm: person.afm ?? null,
    amka: person.amka ?? null,
    documentId: person.documentId ?? null,
  });
  return hit !== undefined;
}
