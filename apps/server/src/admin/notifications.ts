import { and, desc, eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { audit } from '../shared/audit';
import { assertJobSchemaKnown, bossOptionsFor, enqueueDelivery } from '../shared/notifications/outbox';
import { AdminInputError } from './officers';

/**
 * The operators' view of the outbox (README "Notifications"): the messages given up (FAILED), and
 * sending one again. A retry is a new delivery job for the same notification: the same Message-ID,
 * and a fresh MAIL_GIVE_UP_MINUTES before it is given up again.
 */
export async function listFailedNotifications(database: Database) {
  return database.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      recipientAfm: notifications.recipientAfm,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.emailStatus, 'FAILED'))
    .orderBy(desc(notifications.createdAt));
}

export async function retryNotification(database: Database, actor: string, id: string): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new AdminInputError('A notification id is a UUID (as `notifications failed` lists them).');
  }
  // pg-boss without its maintenance: this process only adds a job.
  await assertJobSchemaKnown(database);
  const boss = new PgBoss({ ...bossOptionsFor(database), supervise: false, schedule: false, migrate: false });
  boss.on('error', (error) => console.error(`job queue: ${error.message}`));
  await boss.start();
  try {
    await database.db.transaction(async (tx) => {
      const reopened = await tx
        .update(notifications)
        .set({ emailStatus: 'PENDING' })
        .where(and(eq(notifications.id, id), eq(notifications.emailStatus, 'FAILED')))
        .returning({ id: notifications.id });
      if (reopened.length === 0) throw new AdminInputError('No failed notification has this id.');
      await enqueueDelivery(boss, id, tx);
      await audit(tx, { actor, action: 'NOTIFICATION_RETRY', subject: id });
    });
  } finally {
    await boss.stop({ graceful: false });
  }
}
