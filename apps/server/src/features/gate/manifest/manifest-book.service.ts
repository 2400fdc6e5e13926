import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  GateManifestBook,
  type GateManifestBookState,
  type GateManifestHeader,
  type GateManifestInput,
  type GateManifestPatch,
} from '@tickets/domain';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import {
  bookRowsSince,
  readBookHead,
  storeNewBook,
  storeRevision,
  type BookHead,
  type BookWrite,
} from './manifest-book.queries';

/**
 * One offline manifest book per fixture for every server process (docs/design.md §8 "One book for
 * every process"). The book's salt, revisions and rows live in the database; each process keeps a
 * replica in memory and follows it to the stored revision before answering, so a device's copy made
 * by any process, before or after any restart, is answered with a delta or a 304. A revision is stored
 * by a compare-and-set on the head: two processes can never both publish revision n (with the
 * entry's key, the revision is the seal's nonce: docs/gate-codes.md §7.3).
 */

type Keys = Config['gateKeys'];

/**
 * The periodic purge of old books and applied changes (purge.ts), offered here: outside its room, a
 * room's queries are not imported, its services are (eslint.config.js).
 */
export { purgeOldManifests } from './manifest-book.queries';

/**
 * A book's build or update, one step (`MANIFEST_BOOK_STEP` entries) per turn of the event loop: a
 * full stadium's is a second of CPU, during which the process would answer nothing else, health
 * checks included (bench/README.md "Match day").
 */
export async function inSteps<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** Which keys a book was made with: a book follows only under the same ones. */
export const keysDigestOf = (keys: Keys) =>
  createHash('sha256').update(JSON.stringify(keys.trusted)).digest('base64url');

type Replica = { book: GateManifestBook; keysDigest: string };
const replicas = new WeakMap<Db, Map<number, Replica>>();
/** A full stadium's book is some 13 MB in memory: a few matches at once, not a season of them. */
const REPLICAS_KEPT = 8;

function replicasOf(db: Db) {
  let kept = replicas.get(db);
  if (!kept) replicas.set(db, (kept = new Map()));
  return kept;
}

function keep(db: Db, eventId: number, replica: Replica) {
  const kept = replicasOf(db);
  kept.delete(eventId);
  kept.set(eventId, replica);
  // The least recently used first: a Map iterates in insertion order.
  for (const stale of kept.keys()) if (kept.size > REPLICAS_KEPT) kept.delete(stale);
}

export const forgetReplica = (db: Db, eventId: number) => replicasOf(db).delete(eventId);

const stateOf = (head: Pick<BookHead, 'salt' | 'revision' | 'header'>): GateManifestBookState => ({
  salt: head.salt,
  revision: head.revision,
  header: JSON.parse(head.header) as GateManifestHeader,
});

/**
 * Rows read a page at a time (`bookRowsSince`), and taken into a replica a page a turn of the event
 * loop: a full stadium's 70,000 in one would hold it for a tenth of a second and more.
 */
const ROWS_PER_PAGE = 2_000;

/**
 * This process's replica of the event's stored book, at the stored revision: followed from the rows
 * changed since its revision, or restored from all of them. Head and rows are read in one snapshot,
 * so the replica never holds one revision's header with another's rows. A replica in use changes in
 * one step (a follow of the few rows a reading changes); one that would take more than a page is
 * restored anew, a page a turn, and takes the place of the one in use only when whole. The caller
 * runs one of these at a time per event (`serially`).
 */
export async function syncedReplica(db: Db, eventId: number, signer: Keys['signer']): Promise<Replica> {
  const held = replicasOf(db).get(eventId);
  return db.transaction(
    async (tx) => {
      const [head] = await readBookHead(tx).execute({ eventId, rebuildSeconds: 0 });
      if (!head) throw new Error(`The manifest book of event ${eventId} is gone.`);
      const state = stateOf(head);
      const pageAfter = (revision: number, afterMark: string) =>
        bookRowsSince(tx, eventId, revision, { afterMark, limit: ROWS_PER_PAGE });
      if (held?.book.salt === head.salt && held.keysDigest === head.keysDigest) {
        if (held.book.revision === head.revision) return held;
        const rows = await pageAfter(held.book.revision, '');
        if (rows.length < ROWS_PER_PAGE) {
          held.book.follow(state, rows);
          return held;
        }
      }
      let book: GateManifestBook | undefined;
      for (let afterMark = ''; ;) {
        const rows = await pageAfter(-1, afterMark);
        if (book) book.follow(state, rows);
        else book = new GateManifestBook({ state, rows }, signer);
        const last = rows.at(-1);
        if (rows.length < ROWS_PER_PAGE || !last) break;
        afterMark = last.mark;
      }
      const replica = { book, keysDigest: head.keysDigest };
      keep(db, eventId, replica);
      return replica;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Runs `work` after every earlier work of this process on the event's book has ended. */
const queues = new WeakMap<Db, Map<number, Promise<unknown>>>();
export function serially<T>(db: Db, eventId: number, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = new Map()));
  const run = (queue.get(eventId) ?? Promise.resolve()).then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queue.set(eventId, settled);
  void settled.then(() => {
    if (queue.get(eventId) === settled) queue.delete(eventId);
  });
  return run;
}

/**
 * A revision's entity tag (its ETag, RFC 9110 §8.8.3): of its salt and number, which name what it
 * says (a revision is stored once, by one process), so no reading hashes every entry. Two books of the
 * same data have different tags: a device given a new book fetches it whole once, as it must anyway.
 */
export const digestOf = (salt: string, revision: number) =>
  createHash('sha256').update(`${salt}:${revision}`).digest('base64url');

const headOf = (
  book: GateManifestBook,
  eventId: number,
  organisationId: string,
  keys: string,
  changesFrom: string,
  wholeRead: boolean,
): BookWrite => {
  const { salt, revision, header } = book.state();
  return {
    eventId,
    organisationId,
    salt,
    revision,
    digest: digestOf(salt, revision),
    keysDigest: keys,
    header: JSON.stringify(header),
    changesFrom,
    ...(wholeRead && { wholeReadAt: new Date() }),
  };
};

/**
 * Stores what the fixture's manifest says now, read whole (`input`, every ticket, read by this
 * process in a snapshot whose changes position is `changesFrom`): the next revision of the stored
 * book when it can follow, else a new book. Answers the replica stored and the rows written, or
 * undefined when another process stored first (the caller answers from the stored book).
 */
export async function storeReading(
  db: Db,
  head: BookHead | undefined,
  input: GateManifestInput,
  changesFrom: string,
  organisationId: string,
  keys: Keys,
): Promise<Stored | undefined> {
  const keysDigest = keysDigestOf(keys);
  const eventId = input.eventId;
  if (head?.keysDigest === keysDigest) {
    const replica = await syncedReplica(db, eventId, keys.signer);
    // Another process stored a revision since `head` was read: its reading stands for this one's.
    if (replica.book.salt !== head.salt || replica.book.revision !== head.revision) return undefined;
    if (replica.book.canFollow(input, keys.signer) && replica.book.knowsOwners()) {
      const from = replica.book.revision;
      let stored = false;
      try {
        const changed = await inSteps(replica.book.updating(input));
        const rows = changed ? replica.book.rows(from) : [];
        const headNow = headOf(replica.book, eventId, organisationId, keysDigest, changesFrom, true);
        stored = await storeRevision(db, headNow, from, rows);
        return stored ? { replica, changed, rowsWritten: rows.length } : undefined;
      } finally {
        // Its revision is not the stored one: restored from the database when next asked.
        if (!stored) forgetReplica(db, eventId);
      }
    }
  }
  const book = await inSteps(GateManifestBook.building(input, keys.signer));
  const rows = book.rows();
  const stored = await storeNewBook(
    db,
    headOf(book, eventId, organisationId, keysDigest, changesFrom, true),
    rows,
    head && { salt: head.salt, revision: head.revision },
  );
  if (!stored) return undefined;
  const fresh = { book, keysDigest };
  keep(db, eventId, fresh);
  return { replica: fresh, changed: true, rowsWritten: rows.length };
}

/** A reading stored: the replica at the stored revision, whether it is a new one, the rows written. */
export type Stored = { replica: Replica; changed: boolean; rowsWritten: number };

/**
 * Stores what changed since the stored book's reading (`patch`: the tickets the changes seen by the
 * snapshot `changesFrom` named, read again; undefined when it saw none): the next revision when
 * anything the manifest says differs, else only the position, so the same changes are not read
 * again, or nothing when no change was read. Answers as `storeReading`, or 'whole'
 * when the book cannot be patched (another fixture's season, or a book without its entries' tickets):
 * the caller reads every ticket instead.
 */
export async function storePatch(
  db: Db,
  head: BookHead,
  patch: GateManifestPatch,
  seasonId: number | null,
  changesFrom: string | undefined,
  keys: Keys,
): Promise<Stored | 'whole' | undefined> {
  const replica = await syncedReplica(db, head.eventId, keys.signer);
  if (replica.book.salt !== head.salt || replica.book.revision !== head.revision) return undefined;
  if (!replica.book.knowsOwners() || replica.book.state().header.seasonId !== seasonId) return 'whole';
  const from = replica.book.revision;
  let stored = false;
  try {
    const changed = await inSteps(replica.book.patching(patch));
    if (!changed && changesFrom === undefined) {
      stored = true;
      return { replica, changed, rowsWritten: 0 };
    }
    const rows = changed ? replica.book.rows(from) : [];
    const headNow = headOf(
      replica.book,
      head.eventId,
      head.organisationId,
      head.keysDigest,
      changesFrom ?? head.changesFrom ?? '',
      false,
    );
    stored = await storeRevision(db, headNow, from, rows);
    return stored ? { replica, changed, rowsWritten: rows.length } : undefined;
  } finally {
    if (!stored) forgetReplica(db, head.eventId);
  }
}
