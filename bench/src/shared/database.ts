/** The bench's own access to PostgreSQL, as an operator's: a database of its own, and statements on it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs statements on the bench's database, one after the other. */
export async function runSql(databaseUrl: string, statements: [string, unknown[]][]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [text, values] of statements) await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Runs `use` on a fresh database, `<prefix>_` and a random suffix, made on the server `serverUrl`
 * names and dropped afterwards whatever happened: a run leaves nothing behind, and two runs on one
 * server do not meet.
 */
export async function withFreshDatabase<T>(
  serverUrl: string,
  prefix: string,
  use: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.href);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
