import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId } from './columns';
import { events } from './events';

/**
 * The offline manifest of a fixture as every server process shares it (docs/gate-codes.md §7.6,
 * docs/design.md §8): the book's salt, current revision and header, its ETag, and how far it has
 * applied the change log (`gate_manifest_changes`). A cache of what the other tables say, not a
 * record: its rows go when the fixture is long over (purge.ts), or when a new book replaces it.
 */
export const gateManifests = pgTable('gate_manifests', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => events.id),
  /** The club whose device read it: a device of another is not answered from it. */
  organisationId: text('organisation_id').notNull(),
  salt: text('salt').notNull(),
  /** Which signing and trusted keys the book was made with: other keys make a new book. */
  keysDigest: text('keys_digest').notNull(),
  revision: integer('revision').notNull(),
  /** The revision's entity tag: a hash of salt and revision (manifest-book.service.ts `digestOf`). */
  digest: text('digest').notNull(),
  /** The manifest's header as JSON text (GateManifestHeader): kept as written, for identical answers. */
  header: text('header').notNull(),
  /** When the database was last read for it: one process reads it again once per rebuild interval. */
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  /**
   * How far the book has applied `gate_manifest_changes`: the snapshot (`pg_snapshot` as text) of its
   * last reading. Every change of a transaction visible in it is in the book; a reading applies those
   * of transactions it sees and that snapshot did not.
   */
  changesFrom: text('changes_from'),
  /**
   * When every ticket of the fixture was last read (a new book, or the day's first reading): what
   * changes with the day alone (a suspension past its end, a holder's age) is written nowhere.
   */
  wholeReadAt: timestamp('whole_read_at', { withTimezone: true }),
});

/**
 * Whatever changed that a fixture's offline manifest may say (docs/design.md §8 "A reading follows
 * changes"): written by triggers in the transaction of each change (migration 0028), so no code
 * path can forget it. A row names a ticket, or an identity key (a suspension's, the registry's) that
 * leads to the tickets whose entrant or companion it names. `xid` is the writer's transaction: a
 * reading applies the changes of the transactions its snapshot sees and the book's last reading's
 * did not, in whatever order their ids were taken. Purged once every book has applied them (purge.ts).
 */
export const gateManifestChanges = pgTable(
  'gate_manifest_changes',
  {
    id: serialId(),
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    identityKey: text('identity_key'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gate_manifest_changes_xid_idx').on(t.xid)],
);

/**
 * A book's rows (GateManifestBookRow): each entry as sealed with its content tag, each revocation,
 * and the revision it last changed at, from which a process answers a delta or follows the book.
 */
export const gateManifestRows = pgTable(
  'gate_manifest_rows',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => gateManifests.eventId, { onDelete: 'cascade' }),
    mark: text('mark').notNull(),
    sealed: text('sealed'),
    tag: text('tag'),
    /** Whose entry it is: a salted tag of its ticket (GateManifestBookRow.owner), none for a revocation. */
    owner: text('owner'),
    changedAt: integer('changed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.mark] }),
    index('gate_manifest_rows_changed_idx').on(t.eventId, t.changedAt),
  ],
);
