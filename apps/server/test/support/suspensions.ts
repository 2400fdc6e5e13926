import type { Db } from '../../src/db/client';
import { suspensions } from '../../src/db/schema';
import { backfillIdentityKeys } from '../../src/rules/suspension-keys';

/**
 * A suspension row written straight to the table, as one written before identity keys existed,
 * then brought to its keys by the start-up backfill: for tests that need a date the API refuses.
 */
export async function insertSuspension(db: Db, values: typeof suspensions.$inferInsert) {
  const [row] = await db.insert(suspensions).values(values).returning();
  await backfillIdentityKeys(db);
  if (!row) throw new Error('insert returned nothing');
  return row;
}
