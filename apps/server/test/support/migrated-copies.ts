import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { repoRoot, serverRoot } from '../../src/shared/server-root';

/**
 * Test files start on copies of a database migrated once per run, not on a database each migrates:
 * on a busy machine, running every migration takes several times as long as loading a PGlite dump or
 * copying a PostgreSQL template (some five times and seven times). The global setup (global-setup.ts)
 * prepares both and hands them to the test files (`inject`); each file still runs the migrations on
 * its copy (they find everything applied) and writes its own demo data.
 */
export interface MigratedCopies {
  /** The file of a migrated PGlite's `dumpDataDir()`, a gzipped tarball. */
  pgliteDump: string;
  /** A migrated database on DATABASE_URL's server, never connected to once made; unset without one. */
  postgresTemplate: string | undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedCopies: MigratedCopies;
  }
}

const migrationsFolder = path.join(serverRoot, 'drizzle');
const cacheFolder = path.join(repoRoot, 'node_modules/.cache/tickets-test');
/** PostgreSQL's refusal of a rename to a name another run's template took meanwhile. */
const DUPLICATE_DATABASE = '42P04';

/** Names and contents of every file of the migrations' folder: a new or edited migration changes it. */
async function hashOfMigrations(): Promise<string> {
  const hash = createHash('sha256');
  const files = await readdir(migrationsFolder, { recursive: true, withFileTypes: true });
  const names = files
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(migrationsFolder, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const name of names) {
    hash.update(`${name}\0`);
    hash.update(await readFile(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Made once per set of migrations and kept between runs: a repeat run only reads it. */
async function preparePgliteDump(hash: string): Promise<string> {
  const file = path.join(cacheFolder, `pglite-${hash}.tar.gz`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    if (database.connection.engine !== 'pglite') throw new Error('PGlite expected');
    // Compressed: a ninth of the size, and it loads as fast.
    const dump = await database.connection.client.dumpDataDir('gzip');
    await mkdir(cacheFolder, { recursive: true });
    // Written aside and renamed: a run starting meanwhile never reads half a file.
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
};

/**
 * Made once per set of migrations on the server and kept there. Runs started together (other
 * worktrees on the same server) each build under a name of their own and rename it: the first
 * rename wins, the others drop their build.
 */
async function preparePostgresTemplate(serverUrl: string, hash: string): Promise<string> {
  const name = `tickets_template_${hash}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    try {
      // Closed before the rename and the copies: PostgreSQL copies a template nobody is connected to.
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building) });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database if exists ${building} with (force)`);
      if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** For a global setup: the copies' sources, PostgreSQL's only when DATABASE_URL is set. */
export async function prepareMigratedCopies(): Promise<MigratedCopies> {
  const hash = await hashOfMigrations();
  const serverUrl = process.env.DATABASE_URL;
  const [pgliteDump, postgresTemplate] = await Promise.all([
    preparePgliteDump(hash),
    serverUrl ? preparePostgresTemplate(serverUrl, hash) : undefined,
  ]);
  return { pgliteDump, postgresTemplate };
}

/**
 * Opens the new database `target`: a PGlite (in memory, or an empty folder) loads the migrated dump
 * first; a PostgreSQL database is a copy already (`createPostgresDatabase`).
 */
export async function openMigratedCopy(target: Config['database']): Promise<Database> {
  if (target.kind === 'postgres') return openDatabase(target);
  const loadDataDir = new Blob([await readFile(inject('migratedCopies').pgliteDump)]);
  return openDatabase({ ...target, loadDataDir });
}

/** A new PostgreSQL database on DATABASE_URL's server, a copy of the migrated template; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL as string;
  const { postgresTemplate } = inject('migratedCopies');
  if (!postgresTemplate)
    throw new Error('no PostgreSQL template: DATABASE_URL was unset in the global setup');
  const name = `tickets_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name} template ${postgresTemplate}`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}
