import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Runs again the data statements (INSERT, UPDATE) of a migration file, as they ran on the data that
 * existed when it was applied: for tests that set that data up first.
 */
export async function rerunDataStatements(db: Db, file: string): Promise<void> {
  const migration = readFileSync(path.resolve(import.meta.dirname, '../../drizzle', file), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) {
    const text = statement.replace(/^--.*$/gm, '').trim();
    if (/^(UPDATE|INSERT)\b/.test(text)) await db.execute(sql.raw(text));
  }
}
