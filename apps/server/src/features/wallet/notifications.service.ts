import {
  NOTIFICATION_KINDS,
  notificationParamsSchema,
  notificationTemplates,
  type WalletNotification,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import { listNotificationsOf, markNotificationRead } from './notifications.queries';

/**
 * The wallet's inbox (issue #30 item 6): what the platform told the person, newest first, in the
 * same words as the e-mail (the domain's templates); a person without an e-mail address has it here.
 */
export async function listNotifications(db: Db, afm: string): Promise<WalletNotification[]> {
  const rows = await listNotificationsOf(db, afm);
  return rows.flatMap((row) => {
    const kind = NOTIFICATION_KINDS.find((known) => known === row.kind);
    if (!kind) return [];
    const { subject, paragraphs, reason } = notificationTemplates[kind](
      notificationParamsSchema.parse(row.params),
    );
    return [
      {
        id: row.id,
        kind,
        subject,
        paragraphs,
        reason,
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      },
    ];
  });
}

export async function readNotification(
  db: Db,
  actor: { afm: string; requestId: string },
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await markNotificationRead(tx, actor.afm, id))) throw new AppError('NOTIFICATION_NOT_FOUND');
    await audit(tx, {
      actor: actor.afm,
      action: 'NOTIFICATION_READ',
      subject: id,
      requestId: actor.requestId,
    });
  });
}
