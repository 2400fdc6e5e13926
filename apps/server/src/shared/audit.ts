import { count, sql, type Param, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { perDatabase, preparedQuery } from '../db/prepared';
import { auditLog } from '../db/schema';
import { groupCommit } from './group-commit';

export interface AuditEntry {
  /** Who acted: an AFM, or a name such as `admin-cli` or `system`. */
  actor: string;
  action: string;
  subject?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

const toRow = (entry: AuditEntry) => ({
  actor: entry.actor,
  action: entry.action,
  subject: entry.subject ?? null,
  requestId: entry.requestId ?? null,
  details: entry.details ?? null,
});

/**
 * The audit row of a write (docs/design.md §2), the one way to write one:
 * - given the transaction of the write it records, the row is written in it: both or neither;
 * - given the database (a request whose only write is its audit row: lookups, logins), the row is
 *   committed before the promise resolves, but in one INSERT and one commit with the rows of
 *   concurrent requests (group commit) instead of a round trip each.
 * A write made in one statement carries its row in that statement instead (`auditedWith`). Several
 * entries (a batch upload's) go in one INSERT.
 */
export async function audit(db: Db, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const all = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (db instanceof PgTransaction) {
    for (let start = 0; start < all.length; start += MAX_ROWS_PER_INSERT) {
      const columns = columnsOf(all.slice(start, start + MAX_ROWS_PER_INSERT).map(toRow));
      await db.execute(insertRows((name) => sql.param(columns[name])));
    }
  } else await Promise.all(all.map(groupCommitOf(db)));
}

/** What a statement carrying its audit row (`auditedWith`) binds besides its own values. */
export type AuditedParams = Required<Pick<AuditEntry, 'actor' | 'action' | 'subject' | 'requestId'>>;

/**
 * The audit row of a write made in the same statement (a data-modifying CTE `source`): one row for
 * each row `source` answers, committed with it, so the write and its record are both or neither in
 * one round trip. The prepared statement gives `actor`, `action`, `subject` and `requestId` as
 * placeholders; `details` is an expression over `source`'s columns. An INSERT … SELECT: drizzle's
 * builder wants every column, the id and time included, so it is written out, names from the schema.
 */
export function auditedWith(db: Pick<Db, '$with'>, source: WithSubquery, details: SQL = sql`null`) {
  const value = (name: keyof AuditedParams) => sql`${sql.placeholder(name)}::text`;
  return auditedRowsWith(db, sql`${source}`, {
    actor: value('actor'),
    action: value('action'),
    subject: value('subject'),
    requestId: value('requestId'),
    details,
  });
}

/**
 * `auditedWith` where each row has values of its own: one audit row for each row of `from` (the
 * written rows, joined to what was asked for each), its columns expressions over `from`.
 */
export function auditedRowsWith(
  db: Pick<Db, '$with'>,
  from: SQL,
  row: Record<keyof AuditedParams | 'details', SQL>,
) {
  const column = (name: string) => sql.identifier(name);
  return db.$with('audited', { id: auditLog.id }).as(
    sql`insert into ${auditLog} (${column(auditLog.actor.name)}, ${column(auditLog.action.name)},
          ${column(auditLog.subject.name)}, ${column(auditLog.requestId.name)}, ${column(auditLog.details.name)})
        select ${row.actor}, ${row.action}, ${row.subject}, ${row.requestId}, ${row.details}::jsonb
        from ${from}
        returning ${column(auditLog.id.name)}`,
  );
}

const MAX_ROWS_PER_INSERT = 500;

/** The rows of an INSERT, a column each (`insertRows`). */
type Columns = Record<'actors' | 'actions' | 'subjects' | 'requestIds' | 'details', (string | null)[]>;

const columnsOf = (rows: ReturnType<typeof toRow>[]): Columns => ({
  actors: rows.map((row) => row.actor),
  actions: rows.map((row) => row.action),
  subjects: rows.map((row) => row.subject),
  requestIds: rows.map((row) => row.requestId),
  details: rows.map((row) => (row.details ? JSON.stringify(row.details) : null)),
});

/**
 * One statement of five array parameters (unnest), whatever the number of rows: drizzle's
 * multi-row VALUES builds and types five parameters per row, on every audited request (measured:
 * bench/README.md). `column` gives each array: bound now, or a prepared statement's placeholder.
 */
function insertRows(column: (name: keyof Columns) => Param | Placeholder) {
  return sql`insert into ${auditLog} (actor, action, subject, request_id, details)
    select * from unnest(
      ${column('actors')}::text[],
      ${column('actions')}::text[],
      ${column('subjects')}::text[],
      ${column('requestIds')}::text[],
      ${column('details')}::jsonb[])`;
}

/** `insertRows` as text, its five arrays placeholders (`auditInsert` numbers them). */
const insertRowsText = new PgDialect().sqlToQuery(insertRows((name) => sql.placeholder(name)));

/**
 * The audit rows of `entries` as an INSERT for a statement composed by hand (the notifications'
 * outbox carries a change's audit row in its job's INSERT), its parameters numbered from `first`, and
 * their values.
 */
export function auditInsert(
  entries: readonly AuditEntry[],
  first: number,
): { text: string; values: unknown[] } {
  const columns = columnsOf(entries.map(toRow));
  const text = insertRowsText.sql.replace(/\$(\d+)/g, (_all, n: string) => `$${Number(n) + first - 1}`);
  const values = insertRowsText.params.map((param) => columns[(param as Placeholder).name as keyof Columns]);
  return { text, values };
}

/**
 * The group commit's INSERT, a named prepared statement: each connection parses it once, where an
 * unnamed one is parsed again for every batch (bench/README.md, Tail). A data-modifying CTE, as
 * drizzle prepares only what its builder makes; it answers the number of rows, not their ids.
 */
const insertBatch = preparedQuery<Columns>()((db, p) => {
  const inserted = sql`${insertRows((name) => p[name])} returning id`;
  const batch = db.$with('audit_batch', { id: auditLog.id }).as(inserted);
  return db.with(batch).select({ rows: count() }).from(batch).prepare('audit_batch');
});

/**
 * Rows written as the audit log's are outside a transaction: each caller waits until its own row is
 * committed, and the rows that arrive while a statement is under way go in the next one, at most
 * MAX_ROWS_PER_INSERT a statement. `write` sends one statement of them (the bench's floor sends its
 * own recording of `insertBatch`'s).
 */
export const auditBatches = <Row>(write: (rows: Row[]) => Promise<unknown>) =>
  groupCommit<Row, void>(async (rows) => {
    await write(rows);
    return [];
  }, MAX_ROWS_PER_INSERT);

const groupCommitOf = perDatabase((db) =>
  auditBatches<AuditEntry>((entries) => insertBatch(db).execute(columnsOf(entries.map(toRow)))),
);
