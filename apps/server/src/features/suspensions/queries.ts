import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { events, suspensionKeys, suspensions, tickets, transfers } from '../../db/schema';
import { ENTRY_GIVING_LOANS } from '../../rules/entry';
import { isUpcoming } from '../../rules/events';

/** Tickets of events of `organisationId` (every organisation's when null), counted among the rows. */
const countAt = (organisationId: string | null) =>
  organisationId === null
    ? sql<number>`count(*)::int`
    : sql<number>`(count(*) filter (where ${events.organisationId} = ${organisationId}))::int`;

/**
 * The holders of tickets to upcoming events by any of these identifiers, each with their count, and
 * their count at `organisationId` (every organisation when null).
 */
export const listUpcomingHolders = (
  db: Db,
  keys: { afms: string[]; amkas: string[]; documentKeys: string[] },
  organisationId: string | null,
) =>
  db
    .select({
      afm: tickets.holderAfm,
      amka: tickets.holderAmka,
      documentKey: tickets.documentKey,
      fullName: sql<string | null>`max(${tickets.fullName})`,
      ticketsCount: sql<number>`count(*)::int`,
      ownCount: countAt(organisationId),
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(
      and(
        isUpcoming(events),
        or(
          inArray(tickets.holderAfm, keys.afms),
          inArray(tickets.holderAmka, keys.amkas),
          inArray(tickets.documentKey, keys.documentKeys),
        ),
      ),
    )
    .groupBy(tickets.holderAfm, tickets.holderAmka, tickets.documentKey);

/** The recipients among these of loans of fixtures not yet started, each with their counts (as above). */
export const listUpcomingBorrowers = (db: Db, afms: string[], organisationId: string | null) =>
  db
    .select({
      afm: transfers.toAfm,
      ticketsCount: sql<number>`count(*)::int`,
      ownCount: countAt(organisationId),
    })
    .from(transfers)
    .innerJoin(events, eq(events.id, transfers.fixtureId))
    .where(
      and(
        inArray(transfers.toAfm, afms),
        inArray(transfers.status, ENTRY_GIVING_LOANS),
        sql`${events.startsAt} > now()`,
      ),
    )
    .groupBy(transfers.toAfm);

export async function insertSuspension(tx: Pick<Db, 'insert'>, suspension: typeof suspensions.$inferInsert) {
  const [created] = await tx.insert(suspensions).values(suspension).returning();
  return created;
}

/** The records of the same person however they were entered (any key they share), newest first. */
const searchQuery = preparedQuery<{ keys: string[] }>()((db, p) =>
  db
    .select()
    .from(suspensions)
    .where(
      sql`${suspensions.id} in (select ${suspensionKeys.suspensionId} from ${suspensionKeys}
        where ${suspensionKeys.key} = any(${p.keys}::text[]))`,
    )
    .orderBy(desc(suspensions.createdAt), desc(suspensions.id))
    .limit(200)
    .prepare('search_suspensions'),
);

export const findSuspensionsByKeys = (db: Db, keys: string[]) => searchQuery(db).execute({ keys });

/** The active suspension with this id, under its row lock (until the transaction ends). */
export async function lockActiveSuspension(tx: Pick<Db, 'select'>, id: number) {
  const [record] = await tx
    .select()
    .from(suspensions)
    .where(and(eq(suspensions.id, id), eq(suspensions.active, true)))
    .for('update');
  return record;
}

/** Soft delete: the record stays, inactive, with who lifted it and when. */
export async function markLifted(tx: Pick<Db, 'update'>, id: number, deletedBy: string): Promise<void> {
  await tx
    .update(suspensions)
    .set({ active: false, deletedAt: new Date(), deletedBy })
    .where(eq(suspensions.id, id));
}
