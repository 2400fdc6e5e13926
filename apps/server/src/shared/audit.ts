import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

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
 * A write made in one statement carries its row in that statement instead (`auditedWith`).
 */
export async function audit(db: Pick<Db, 'execute'>, entry: AuditEntry): Promise<void> {
  if (db instanceof PgTransaction) await db.execute(insertRows([toRow(entry)]));
  else await groupCommitOf(db)(entry);
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
  const column = (name: string) => sql.identifier(name);
  const value = (name: keyof AuditedParams) => sql.placeholder(name);
  return db.$with('audited', { id: auditLog.id }).as(
    sql`insert into ${auditLog} (${column(auditLog.actor.name)}, ${column(auditLog.action.name)},
          ${column(auditLog.subject.name)}, ${column(auditLog.requestId.name)}, ${column(auditLog.details.name)})
        select ${value('actor')}::text, ${value('action')}::text,
          ${value('subject')}::text, ${value('requestId')}::text, ${details}::jsonb
        from ${source}
        returning ${column(auditLog.id.name)}`,
  );
}

const MAX_ROWS_PER_INSERT = 500;

/**
 * One statement of five array parameters (unnest), whatever the number of rows: drizzle's
 * multi-row VALUES builds and types five parameters per row, on every audited request (measured:
 * bench/README.md).
 */
function insertRows(rows: ReturnType<typeof toRow>[]) {
  const column = (pick: (row: ReturnType<typeof toRow>) => string | null) => sql.param(rows.map(pick));
  return sql`insert into ${auditLog} (actor, action, subject, request_id, details)
    select * from unnest(
      ${column((row) => row.actor)}::text[],
      ${column((row) => row.action)}::text[],
      ${column((row) => row.subject)}::text[],
      ${column((row) => row.requestId)}::text[],
      ${column((row) => (row.details ? JSON.stringify(row.details) : null))}::jsonb[])`;
}

const groupCommits = new WeakMap<Pick<Db, 'execute'>, (entry: AuditEntry) => Promise<void>>();

function groupCommitOf(db: Pick<Db, 'execute'>) {
  let commit = groupCommits.get(db);
  if (!commit) groupCommits.set(db, (commit = groupCommit(db)));
  return commit;
}

/** Each caller waits until its own row is committed; the rows waiting meanwhile go in together. */
function groupCommit(db: Pick<Db, 'execute'>): (entry: AuditEntry) => Promise<void> {
  const waiting: { entry: AuditEntry; settle: (error?: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MAX_ROWS_PER_INSERT);
      try {
        await db.execute(insertRows(batch.map(({ entry }) => toRow(entry))));
        for (const item of batch) item.settle();
      } catch (error) {
        for (const item of batch) item.settle(error);
      }
    }
    writing = false;
  };
  return (entry) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ entry, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void drain();
    });
}
