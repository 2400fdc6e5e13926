import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { TIME_ZONE, type GateManifestBookRow } from '@tickets/domain';
import type { Db } from '../../../db/client';
import { preparedQuery } from '../../../db/prepared';
import { events, gateManifestChanges, gateManifestRows, gateManifests } from '../../../db/schema';
import { athensToday } from '../../../shared/athens-time';
import { eventEnd } from '../../../rules/events';

/**
 * The offline manifests every process shares (docs/design.md §8 "One book for every process"): a
 * book's head row, its rows, and the two writes that make a revision, each a compare-and-set on the
 * head so that one process's revision is the only one of its number.
 */

export type BookHead = typeof gateManifests.$inferSelect & {
  fresh: boolean;
  wholeDue: boolean;
  cancelled: boolean;
};

/** The head of an event's book, and whether it was read within the last `rebuildSeconds`. */
export const readBookHead = preparedQuery<{ eventId: number; rebuildSeconds: number }>()((db, p) =>
  db
    .select({
      eventId: gateManifests.eventId,
      organisationId: gateManifests.organisationId,
      salt: gateManifests.salt,
      keysDigest: gateManifests.keysDigest,
      revision: gateManifests.revision,
      digest: gateManifests.digest,
      header: gateManifests.header,
      readAt: gateManifests.readAt,
      changesFrom: gateManifests.changesFrom,
      wholeReadAt: gateManifests.wholeReadAt,
      // Every ticket is read again on the day's first reading: what changes with the day alone.
      wholeDue: sql<boolean>`(${gateManifests.changesFrom} is null or ${gateManifests.wholeReadAt} is null
        or (${gateManifests.wholeReadAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)})::date < ${athensToday})`,
      fresh: sql<boolean>`${gateManifests.readAt} > now() - make_interval(secs => ${p.rebuildSeconds}::int)`,
      // Cancelled by the club's ticket office: no manifest is given any more (manifest.service.ts).
      cancelled: sql<boolean>`exists (select 1 from ${events} where ${events.id} = ${gateManifests.eventId}
        and ${events.cancelledAt} is not null)`,
    })
    .from(gateManifests)
    .where(eq(gateManifests.eventId, p.eventId))
    .prepare('gate_manifest_head'),
);

/**
 * Takes the next reading of the event's book for this process: answers true to one process in each
 * rebuild interval, false to every other (they answer from the book as it is).
 */
export async function claimBookReading(db: Db, eventId: number, rebuildSeconds: number): Promise<boolean> {
  const claimed = await db
    .update(gateManifests)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(gateManifests.eventId, eventId),
        lte(gateManifests.readAt, sql`now() - make_interval(secs => ${rebuildSeconds}::int)`),
      ),
    )
    .returning({ eventId: gateManifests.eventId });
  return claimed.length > 0;
}

/**
 * A page of the rows of the event's book changed after `revision` (every row from -1), in the order of
 * their marks after `afterMark`: a full stadium's 70,000 rows parsed at once would hold the event loop.
 */
export async function bookRowsSince(
  db: Db,
  eventId: number,
  revision: number,
  page: { afterMark: string; limit: number },
): Promise<GateManifestBookRow[]> {
  return db
    .select({
      mark: gateManifestRows.mark,
      sealed: gateManifestRows.sealed,
      tag: gateManifestRows.tag,
      owner: gateManifestRows.owner,
      changedAt: gateManifestRows.changedAt,
    })
    .from(gateManifestRows)
    .where(
      and(
        eq(gateManifestRows.eventId, eventId),
        gt(gateManifestRows.changedAt, revision),
        gt(gateManifestRows.mark, page.afterMark),
      ),
    )
    .orderBy(gateManifestRows.mark)
    .limit(page.limit);
}

/**
 * Rows a statement at a time: 70,000 entries' rows are some 12 MB of parameters, and a statement's
 * are turned into its parameters' text in one turn of the event loop (some 10 ms for this many).
 */
const ROWS_PER_STATEMENT = 1_000;

async function upsertRows(tx: Db, eventId: number, rows: GateManifestBookRow[]) {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    await tx.execute(sql`
      insert into ${gateManifestRows} (event_id, mark, sealed, tag, owner, changed_at)
      select ${eventId}::bigint, given.* from unnest(${sql.param(chunk.map((row) => row.mark))}::text[],
        ${sql.param(chunk.map((row) => row.sealed))}::text[], ${sql.param(chunk.map((row) => row.tag))}::text[],
        ${sql.param(chunk.map((row) => row.owner ?? null))}::text[],
        ${sql.param(chunk.map((row) => row.changedAt))}::int[]) as given
      on conflict (event_id, mark) do update
        set sealed = excluded.sealed, tag = excluded.tag, owner = excluded.owner, changed_at = excluded.changed_at`);
  }
}

export type BookWrite = Omit<typeof gateManifests.$inferInsert, 'readAt'>;
type Revision = { salt: string; revision: number };

/** The head of `head.eventId` set to `head` if it is still at `from`; the rows it set (none or one). */
const moveHead = (tx: Db, head: BookWrite, from: Revision) =>
  tx
    .update(gateManifests)
    .set({ ...head, readAt: sql`now()` })
    .where(
      and(
        eq(gateManifests.eventId, head.eventId),
        eq(gateManifests.salt, from.salt),
        eq(gateManifests.revision, from.revision),
      ),
    )
    .returning({ eventId: gateManifests.eventId });

/**
 * Stores a new book (a first build, or one of new keys in place of the stored book at `replacing`)
 * with all its rows. Answers false, writing nothing, when another process stored one first.
 */
export async function storeNewBook(
  db: Db,
  head: BookWrite,
  rows: GateManifestBookRow[],
  replacing: Revision | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const stored = replacing
      ? await moveHead(tx, head, replacing)
      : await tx
          .insert(gateManifests)
          .values({ ...head, readAt: sql`now()` })
          .onConflictDoNothing()
          .returning({ eventId: gateManifests.eventId });
    if (stored.length === 0) return false;
    if (replacing) await tx.delete(gateManifestRows).where(eq(gateManifestRows.eventId, head.eventId));
    await upsertRows(tx, head.eventId, rows);
    return true;
  });
}

/**
 * Stores the revision after `fromRevision` of the book of `head.salt`: its head and the rows it
 * changed. Answers false, writing nothing, when the stored book is no longer at `fromRevision`.
 */
export async function storeRevision(
  db: Db,
  head: BookWrite,
  fromRevision: number,
  rows: GateManifestBookRow[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await moveHead(tx, head, { salt: head.salt, revision: fromRevision })).length === 0) return false;
    await upsertRows(tx, head.eventId, rows);
    return true;
  });
}

/**
 * The books of fixtures over for more than a day: no device polls them (an upload needs none), and
 * a full stadium's is some 70,000 rows.
 */
export async function purgeOldManifests(db: Db): Promise<void> {
  await db.delete(gateManifests).where(
    sql`${gateManifests.eventId} in (select ${events.id} from ${events}
      where ${eventEnd(events)} < now() - interval '1 day')`,
  );
  // The changes every book has applied (none from a book's position on), a day old: a reading that
  // has taken its snapshot but not yet stored its book has applied none after that snapshot's xmin.
  await db.delete(gateManifestChanges).where(
    sql`${gateManifestChanges.at} < now() - interval '1 day' and ${gateManifestChanges.xid} < least(
      (select min((pg_snapshot_xmin(${gateManifests.changesFrom}::pg_snapshot)::text)::bigint) from ${gateManifests}),
      (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint)`,
  );
}
