import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { notificationParamsSchema, type NotificationKind, type NotificationParams } from '@tickets/domain';
import { rowsOf, type Database, type Db } from '../../db/client';
import { connectionOf } from '../../db/prepared';
import { connectionToPrimary } from '../../db/primary';
import { audit, auditInsert, type AuditEntry } from '../audit';
import { pgliteJobDatabase } from './pglite-jobs';

/**
 * The notifications' outbox (issue #30, docs/design.md §12): a change that notifies someone writes the
 * notification row and its delivery job in its own transaction, so a change rolled back sends
 * nothing and a change committed is never left unsent. The jobs are pg-boss's, in its own schema
 * (`pgboss`) of the same database, on PostgreSQL and on PGlite alike: each job is taken by one
 * process (`FOR UPDATE SKIP LOCKED`), retried with back-off, and an attempt a crashed process held is
 * taken again once it expires.
 */
export const NOTIFICATION_QUEUE = 'notification-email';
/** pg-boss's schema in the platform's database. */
export const JOB_SCHEMA = 'pgboss';
/** The version of pg-boss's schema that this pg-boss makes and works on (10.x: 24). */
const JOB_SCHEMA_VERSION = (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number })
  .schema;

/** A job a process took and did not finish (it died) is taken again after this long. */
const JOB_EXPIRY_SECONDS = 60;
/**
 * How often pg-boss's maintenance runs (one process a round, whichever comes first): it fails the
 * jobs held past JOB_EXPIRY_SECONDS, to be retried, and archives and deletes old ones.
 */
const MAINTENANCE_INTERVAL_SECONDS = 30;
/** How often an idle worker looks for jobs (a job written by another process waits at most this). */
const POLLING_INTERVAL_SECONDS = 1;
/**
 * Retries go on until delivery's own clock gives up (MAIL_GIVE_UP_MINUTES, delivery.ts), which marks
 * the notification FAILED; this limit only bounds a job whose process keeps dying.
 */
const RETRY_LIMIT = 10_000;

export interface OutboxSettings {
  /** The first retry's delay, doubled at each retry (the worker caps it: delivery-worker.ts). */
  retryDelaySeconds: number;
  /** false only for the bench (NOTIFICATIONS=false, refused in production): `notify` writes nothing. */
  write: boolean;
}

export interface Outbox {
  boss: PgBoss;
  settings: OutboxSettings;
}

type JobDatabase = PgBoss.Db;

const outboxes = new WeakMap<Db, Outbox>();

export function bossOptionsFor(database: Database): PgBoss.ConstructorOptions {
  // No cron schedules here: without `schedule`, pg-boss runs no clock of its own (its timekeeper).
  const common = {
    schema: JOB_SCHEMA,
    application_name: 'tickets-notifications',
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  } as const;
  return database.connection.engine === 'pglite'
    ? { ...common, db: pgliteJobDatabase(database.connection.client) }
    : // pg-boss hands these to pg.Pool as they are: its connections find the primary as the platform's do.
      { ...common, ...connectionToPrimary(database.connection.url), max: 3 };
}

/**
 * Refuses a `pgboss` schema newer than this pg-boss's (one a later pg-boss made or migrated): pg-boss
 * migrates an older schema forward at `start`, but starts on a newer one as it is, and its statements
 * would then meet tables it does not know (README, "Notifications": going back from pg-boss 12).
 */
export async function assertJobSchemaKnown(database: Database): Promise<void> {
  const versionTable = `${JOB_SCHEMA}.version`;
  const [installed] = rowsOf<{ present: boolean }>(
    await database.db.execute(sql`select to_regclass(${versionTable}) is not null as present`),
  );
  if (!installed?.present) return;
  const [row] = rowsOf<{ version: number }>(
    await database.db.execute(sql`select version from ${sql.identifier(JOB_SCHEMA)}.version`),
  );
  const version = Number(row?.version);
  if (version > JOB_SCHEMA_VERSION)
    throw new Error(
      `the job queue's schema "${JOB_SCHEMA}" is at version ${version}, made by a later pg-boss than this ` +
        `server's (schema ${JOB_SCHEMA_VERSION}): see README.md, "Notifications", before starting it`,
    );
}

/**
 * pg-boss on the database, its queue made (idempotently: several processes may start at once), and
 * registered for `database.db`, so that `notify` finds it. `onError` hears pg-boss's own errors.
 */
export async function openOutbox(
  database: Database,
  settings: OutboxSettings,
  onError: (error: Error) => void,
): Promise<Outbox> {
  await assertJobSchemaKnown(database);
  const boss = new PgBoss(bossOptionsFor(database));
  boss.on('error', onError);
  await boss.start();
  // pg-boss 10 has no largest delay (12's retryDelayMax): the worker caps each retry (delivery-worker.ts).
  const queue = {
    name: NOTIFICATION_QUEUE,
    retryLimit: RETRY_LIMIT,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: JOB_EXPIRY_SECONDS,
  };
  if (await boss.getQueue(NOTIFICATION_QUEUE)) await boss.updateQueue(NOTIFICATION_QUEUE, queue);
  else
    await boss.createQueue(NOTIFICATION_QUEUE, queue).catch(async (error: unknown) => {
      // Another process made it meanwhile.
      if (!(await boss.getQueue(NOTIFICATION_QUEUE))) throw error;
    });
  const outbox = { boss, settings };
  outboxes.set(database.db, outbox);
  return outbox;
}

export async function closeOutbox(database: Database, outbox: Outbox): Promise<void> {
  outboxes.delete(database.db);
  await outbox.boss.stop({ graceful: true, timeout: 10_000 });
}

export function outboxOf(db: Db): Outbox {
  const outbox = outboxes.get(db);
  // Refusing rolls the change back: better than a change its people never hear of.
  if (!outbox) throw new Error('the notifications outbox is not open on this database');
  return outbox;
}

export type NotificationEntry = {
  recipientAfm: string;
  kind: NotificationKind;
  params: NotificationParams;
  eventId: number | null;
};

/**
 * Writes the notifications of a change in the change's transaction `tx` (of `db`): each a row (the
 * wallet's inbox) and a delivery job, in one statement (below). The recipient's address is not read
 * here: delivery reads it from the registry when it sends.
 */
export async function notify(
  db: Db,
  tx: Db,
  entries: NotificationEntry | NotificationEntry[],
): Promise<void> {
  await write(db, tx, Array.isArray(entries) ? entries : [entries]);
}

/**
 * The change's audit row and its notifications (`notify`), in its transaction `tx`: the audit row
 * goes in the first notification's statement, so a change that notifies pays one round trip for
 * both; with nothing to send, it is written on its own.
 */
export async function auditAndNotify(
  db: Db,
  tx: Db,
  audited: AuditEntry,
  entries: NotificationEntry | NotificationEntry[],
): Promise<void> {
  if (!(await write(db, tx, Array.isArray(entries) ? entries : [entries], audited))) await audit(tx, audited);
}

/** Writes the notifications (the first with `audited`, if given); false when it wrote nothing. */
async function write(db: Db, tx: Db, entries: NotificationEntry[], audited?: AuditEntry): Promise<boolean> {
  if (entries.length === 0) return false;
  const { boss, settings } = outboxOf(db);
  if (!settings.write) return false;
  for (const [index, entry] of entries.entries()) {
    const row = { ...entry, id: randomUUID(), params: notificationParamsSchema.parse(entry.params) };
    const adapter = jobDatabaseOf(tx, row, index === 0 ? audited : undefined);
    const job = await boss.send(NOTIFICATION_QUEUE, { notificationId: row.id }, { db: adapter });
    if (!job) throw new Error('a notification was not written');
  }
  return true;
}

/** A delivery job for notification `id`: in transaction `tx` when given, else on its own. */
export async function enqueueDelivery(boss: PgBoss, id: string, tx?: Db): Promise<void> {
  await boss.send(NOTIFICATION_QUEUE, { notificationId: id }, tx ? { db: jobDatabaseOf(tx) } : {});
}

/**
 * pg-boss's statements in the change's transaction `tx`, on its connection; with `row`, the job's
 * INSERT carries the notification's row in a WITH of its own (and the change's audit row, `audited`,
 * in another), so a notification costs the change one round trip, not two or three (a data-modifying
 * WITH runs whether or not the statement reads it; the job's INSERT is one statement, its values
 * bound apart: pg-boss's `insertJob`, pinned with its version, and every notification test on both
 * engines goes through here). On PostgreSQL each statement is prepared, named by its text (pg-boss
 * writes the same text for every job of a queue), so it is parsed and planned once per connection
 * rather than at every write that notifies (bench/README.md, "Notifications").
 */
export function jobDatabaseOf(
  tx: Db,
  row?: NotificationEntry & { id: string },
  audited?: AuditEntry,
): JobDatabase {
  // The transaction's pg client, or PGlite's transaction: both answer `{ rows }`.
  const client = connectionOf(tx) as pg.Client | PgliteTransaction;
  const run = (text: string, values: unknown[]): Promise<{ rows: unknown[] }> =>
    client instanceof pg.Client
      ? client.query({ name: statementName(text), text, values })
      : client.query(text, values);
  let pending = row;
  return {
    executeSql(text: string, values: unknown[] = []) {
      if (!pending) return run(text, values);
      // pg-boss's `send` runs one statement in the caller's transaction: the job's INSERT.
      if (!/^\s*INSERT\s/i.test(text))
        throw new Error("pg-boss's send ran a statement other than its job INSERT");
      const { id, recipientAfm, kind, params, eventId } = pending;
      pending = undefined;
      // The row's five parameters follow pg-boss's, then the audit row's.
      const first = values.length + 1;
      const auditRow = audited ? auditInsert([audited], first + 5) : undefined;
      const withNotification = `WITH written_notification AS (
  INSERT INTO notifications (id, recipient_afm, kind, params, event_id)
  VALUES ($${first}::uuid, $${first + 1}::text, $${first + 2}::text, $${first + 3}::jsonb, $${first + 4}::bigint)
)${auditRow ? `, written_audit AS (${auditRow.text})` : ''}
${text.trimStart()}`;
      return run(withNotification, [
        ...values,
        id,
        recipientAfm,
        kind,
        JSON.stringify(params),
        eventId,
        ...(auditRow?.values ?? []),
      ]);
    },
  };
}

const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name) {
    name = `pgboss_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    statementNames.set(text, name);
  }
  return name;
};

export { POLLING_INTERVAL_SECONDS };
