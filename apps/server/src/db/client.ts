import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { serverRoot } from '../shared/server-root';
import { lockDataDir } from './data-dir-lock';
import { connectionToPrimary } from './primary';
import * as schema from './schema';
import { Turns } from './turns';

/** The same typed database whichever engine is behind it (docs/design.md §2). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** How a library with a connection of its own reaches the same database (the notifications' job queue). */
  connection: { engine: 'pglite'; client: PGlite } | { engine: 'postgres'; url: string };
  /** PGlite's turns, which requests take before they run (turns.ts); PostgreSQL has its pool. */
  turns?: Turns;
  /**
   * What is using the database now, and waiting to: PostgreSQL's pooled connections checked out and
   * the queries waiting for one; PGlite's turns (the metrics, shared/metrics.ts).
   */
  load(): { inUse: number; waiting: number };
  /**
   * Hears NOTIFY on `channel` from whichever process wrote to the database. `onListening(false)`
   * says notifications may be missed from then on (the connection broke; it is reopened, and
   * `onListening(true)` follows). Answers the function that stops listening.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /**
   * Hands the errors of idle pooled connections (the server closed them: a restart, a failover) to
   * `handler` instead of the console (PostgreSQL only; the pool replaces such a connection).
   */
  onIdleConnectionError?(handler: (error: Error) => void): void;
  /**
   * Runs a process's start-up writes (identity backfill, the binding rule's function, the job queue's
   * schema, the demo data) while no other process runs its own: processes started at the same moment
   * take turns (docs/design.md §2). PGlite has one process per database: it just runs them.
   */
  oneStartAtATime<T>(writes: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface NotificationListener {
  onMessage(payload: string): void;
  onListening(listening: boolean): void;
}

const RELISTEN_DELAY_MS = 1000;
/**
 * A connection can die without a word (a dead network path, a blackholed socket): no 'end', no
 * 'error', and notifications silently lost. A round trip this often, answered within the timeout,
 * shows the connection still hears; so a kept session outlives a missed change by at most their sum.
 */
export const LISTEN_HEARTBEAT_INTERVAL_MS = 5000;
export const LISTEN_HEARTBEAT_TIMEOUT_MS = 2000;

const migrationsFolder = path.join(serverRoot, 'drizzle');
/** A process's connections to PostgreSQL (pg-boss keeps a few of its own). */
export const POOL_CONNECTIONS = 10;
/** Any fixed number: several processes starting at once migrate one after the other. */
const MIGRATION_LOCK_KEY = 4_817_202_611;
/** Likewise for the writes after the migrations (`oneStartAtATime`). */
const START_UP_LOCK_KEY = 4_817_202_613;

/**
 * The rows of `db.execute`'s result: node-postgres and PGlite both answer { rows }; a bigint comes as
 * text from the one, a number from the other.
 */
export const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export async function openDatabase(target: Config['database']): Promise<Database> {
  if (target.kind === 'pglite') return openPglite(target);
  // Each new connection goes to the host that accepts writes (a multi-host DATABASE_URL: primary.ts).
  const pool = new pg.Pool({ ...connectionToPrimary(target.url), max: POOL_CONNECTIONS });
  // An idle connection can be cut by the server (restart, failover, a dropped database). The pool
  // replaces it; without a listener the 'error' event would end the whole process.
  let onIdleError = (error: Error & { code?: string }) => {
    console.warn(
      `PostgreSQL closed an idle connection (${error.code ?? error.message}); the pool will open another`,
    );
  };
  pool.on('error', (error: Error) => onIdleError(error));
  // A connection cut while checked out emits 'error' too, and the pool listens only while it is idle:
  // without this the process ended there (issue #54: the admin import, its database restarted). The
  // query in flight, or the next one on it, fails with the same error, which is where it is handled.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePostgres(pool, { schema });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
  return {
    db: db as unknown as Db,
    engine: 'postgres',
    connection: { engine: 'postgres', url: target.url },
    load: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, listener) => listenOnPostgres(target.url, channel, listener),
    onIdleConnectionError: (handler) => {
      onIdleError = handler;
    },
    oneStartAtATime: (writes) => holdingSessionLock(target.url, START_UP_LOCK_KEY, writes),
    close: () => pool.end(),
  };
}

/**
 * `writes` under a session-level advisory lock held on a connection of its own, outside the pool: the
 * writes use the pool's connections (and pg-boss its own), each in transactions of its own, so no
 * transaction-level lock could span them. A process killed while holding it drops its session, and so
 * the lock, at once.
 */
async function holdingSessionLock<T>(url: string, key: number, writes: () => Promise<T>): Promise<T> {
  // On the primary, as every connection of the platform (db/primary.ts): a standby has no lock to take.
  const { Client, ...settings } = connectionToPrimary(url);
  const lock = new Client({ ...settings, application_name: 'tickets-start-up' });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [key]);
    return await writes();
  } finally {
    await lock.end();
  }
}

/**
 * A folder is held by one process from open to close (data-dir-lock.ts); memory needs no lock. The
 * migrations run on a loaded dump too: an older dump is brought up to date, a current one is left as it is.
 */
async function openPglite({
  dataDir,
  turns,
  loadDataDir,
}: Extract<Config['database'], { kind: 'pglite' }>): Promise<Database> {
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  try {
    const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const limited = turns ? new Turns(turns) : undefined;
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      connection: { engine: 'pglite', client },
      ...(limited ? { turns: limited } : {}),
      // Without turns (the tools) nobody waits, and what runs is not counted.
      load: () => {
        const load = limited?.load ?? { active: 0, waiting: 0 };
        return { inUse: load.active, waiting: load.waiting };
      },
      oneStartAtATime: (writes) => writes(),
      // One process owns an embedded database: nothing can be missed.
      async listen(channel, listener) {
        const stop = await client.listen(channel, listener.onMessage);
        listener.onListening(true);
        return () => stop();
      },
      async close() {
        await client.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/**
 * LISTEN on a connection of its own, reopened whenever it breaks (PostgreSQL restart, failover) or
 * stops answering the heartbeat.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  listener: NotificationListener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const open = async () => {
    const { Client, ...settings } = connectionToPrimary(url);
    const client = new Client(settings);
    client.on('error', () => undefined); // 'end' follows, and that is where it is handled
    client.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '');
    });
    await client.connect();
    let lost = false;
    let stopHeartbeat = () => {};
    const lose = () => {
      if (lost) return;
      lost = true;
      stopHeartbeat();
      listener.onListening(false);
      reopenLater();
    };
    client.on('end', lose);
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    current = client;
    listener.onListening(true);
    // Trust ends at once; ending a client with a query in flight destroys its socket (pg 8.23).
    stopHeartbeat = watchHeartbeat(client, () => {
      lose();
      client.end().catch(() => undefined);
    });
  };
  const reopenLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      open().catch(reopenLater);
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end();
  };
}

/** Calls `onSilent` when a round trip fails or goes unanswered; answers the function that stops watching. */
function watchHeartbeat(client: pg.Client, onSilent: () => void): () => void {
  let watching = true;
  let timer: NodeJS.Timeout | undefined;
  const beatLater = () => {
    timer = setTimeout(() => {
      answersWithin(client, LISTEN_HEARTBEAT_TIMEOUT_MS).then(
        () => watching && beatLater(),
        () => watching && onSilent(),
      );
    }, LISTEN_HEARTBEAT_INTERVAL_MS);
    timer.unref();
  };
  beatLater();
  return () => {
    watching = false;
    clearTimeout(timer);
  };
}

async function answersWithin(client: pg.Client, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs);
  });
  try {
    await Promise.race([client.query('select 1'), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
