import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export async function insertLoginAttempt(
  db: Db,
  attempt: { state: string; codeVerifier: string; returnBase: string },
): Promise<void> {
  await db.insert(loginAttempts).values(attempt);
}

/** Deletes the attempt with this state if it began after `since`, answering it: usable once. */
export async function takeLoginAttemptSince(db: Db, state: string, since: Date) {
  const [attempt] = await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.state, state), gt(loginAttempts.createdAt, since)))
    .returning();
  return attempt;
}

export async function deleteLoginAttemptsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginAttempts).where(lte(loginAttempts.createdAt, before));
}
