import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
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

/** Writes one audit row; call it inside the transaction of the write it records. */
export async function writeAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(toRow(entry));
}

/**
 * The audit row of a write made in the same statement (a data-modifying CTE `source`): one row for
 * each row `source` answers, committed with it, so the write and its record are both or neither in
 * one round trip. The prepared statement gives `actor`, `action`, `subject` and `requestId` as
 * placeholders; `details` is an expression over `source`'s columns. An INSERT … SELECT: drizzle's
 * builder wants every column, the id and time included, so it is written out, names from the schema.
 */
export function auditedWith(db: Pick<Db, '$with'>, source: WithSubquery, details: SQL = sql`null`) {
  const column = (name: string) => sql.identifier(name);
  return db.$with('audited', { id: auditLog.id }).as(
    sql`insert into ${auditLog} (${column(auditLog.actor.name)}, ${column(auditLog.action.name)},
          ${column(auditLog.subject.name)}, ${column(auditLog.requestId.name)}, ${column(auditLog.details.name)})
        select ${sql.placeholder('actor')}::text, ${sql.placeholder('action')}::text,
          ${sql.placeholder('subject')}::text, ${sql.placeholder('requestId')}::text, ${details}::jsonb
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

/**
 * For requests whose only write is their audit row (lookups, logins): each still waits until its
 * own row is committed, but the rows of concurrent requests go in one INSERT and one commit
 * (group commit) instead of one round trip each.
 */
export function auditWriter(db: Pick<Db, 'execute'>): (entry: AuditEntry) => Promise<void> {
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
