import { lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/** A login must come back from TaxisNet within this; the state cookie lives as long. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;

/** Every login start writes a row, and an abandoned one is never taken back: run periodically. */
export async function purgeExpiredLoginAttempts(db: Db): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(lte(loginAttempts.createdAt, new Date(Date.now() - LOGIN_ATTEMPT_TTL_MS)));
}
