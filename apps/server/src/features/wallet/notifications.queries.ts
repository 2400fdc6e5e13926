import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/** The wallet's inbox holds at most this many of a person's newest notifications. */
const INBOX_LIMIT = 100;

export function listNotificationsOf(db: Pick<Db, 'select'>, afm: string) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.recipientAfm, afm))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(INBOX_LIMIT);
}

/** Marks the person's own notification read (once: the first reading's time stays); false when not theirs. */
export async function markNotificationRead(db: Pick<Db, 'update' | 'select'>, afm: string, id: string) {
  const mine = and(eq(notifications.id, id), eq(notifications.recipientAfm, afm));
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine, isNull(notifications.readAt)));
  const [row] = await db.select({ id: notifications.id }).from(notifications).where(mine);
  return row !== undefined;
}
