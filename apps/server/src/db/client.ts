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
import * as schema from './schema';

/** The same typed database whichever engine is behind it (DESIGN.md §2). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
/** Any fixed number: several processes starting at once migrate one after the other. */
const MIGRATION_LOCK_KEY = 4_817_202_611;

export async function openDatabase(target: Config['database']): Promise<Database> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create(target.dataDir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle connection can be cut by the server (restart, failover, a dropped database). The pool
  // replaces it; without a listener the 'error' event would end the whole process.
  pool.on('error', (error: Error & { code?: string }) => {
    console.warn(
      `PostgreSQL closed an idle connection (${error.code ?? error.message}); the pool will open another`,
    );
  });
  const db = drizzlePostgres(pool, { schema });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
  return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() };
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
