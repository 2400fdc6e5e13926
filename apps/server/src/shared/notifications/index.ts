import type { Config } from '../../config';
import { mailDomainOf } from '../../config';
import type { Database, Db } from '../../db/client';
import { deliverNotification, mailTransport, type DeliveryLog } from './delivery';
import { startDevMailbox, type DevMailbox } from './dev-mailbox';
import { NOTIFICATION_QUEUE, POLLING_INTERVAL_SECONDS, closeOutbox, openOutbox } from './outbox';

export { notify, type NotificationEntry } from './outbox';
export type { DevMailbox, ReceivedMail } from './dev-mailbox';

/**
 * Notifications in a server process (issue #30): the outbox opened, its worker delivering over SMTP
 * (to SMTP_URL, or in development to the local mailbox it starts), until `stop`.
 */
export interface Notifications {
  mailbox: DevMailbox | undefined;
  /** Starts this process's worker: once the server listens, since each message links to it. */
  startDelivery(serviceUrl: () => string): Promise<void>;
  stop(): Promise<void>;
}

const mailboxes = new WeakMap<Db, DevMailbox>();

/** The development mailbox of the process serving `db`, if it runs one (the mailbox page reads it). */
export const devMailboxOf = (db: Db): DevMailbox | undefined => mailboxes.get(db);

const deliveryWork = {
  pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
  batchSize: 1,
  includeMetadata: true,
} as const;
type DeliveryWorkOptions = typeof deliveryWork;

export interface NotificationsLog extends DeliveryLog {
  error(fields: Record<string, unknown>, message: string): void;
}

/**
 * Opens the outbox (before anything that may notify, the demo data included) and the development
 * mailbox when configured; `startDelivery` then sends.
 */
export async function openNotifications(
  config: Config,
  database: Database,
  log: NotificationsLog,
): Promise<Notifications> {
  const mailbox = config.mail.devMailbox ? await startDevMailbox() : undefined;
  const smtpUrl = mailbox?.url ?? config.mail.smtpUrl;
  if (!smtpUrl) throw new Error('no mail server: set SMTP_URL (config.ts lets none through)');
  if (mailbox) mailboxes.set(database.db, mailbox);
  const transport = mailTransport(smtpUrl);
  const outbox = await openOutbox(
    database,
    {
      retryDelaySeconds: config.mail.retryDelaySeconds,
      retryMaxDelaySeconds: config.mail.retryMaxDelaySeconds,
    },
    // pg-boss's own trouble (a lost connection, a failed maintenance): the message only, no job data.
    (error) => log.error({ code: (error as { code?: string }).code }, `job queue: ${error.message}`),
  );
  return {
    mailbox,
    async startDelivery(serviceUrl) {
      const settings = {
        from: config.mail.from,
        domain: mailDomainOf(config.publicUrl),
        serviceUrl,
        giveUpMinutes: config.mail.giveUpMinutes,
      };
      await outbox.boss.work<{ notificationId: string }, void, DeliveryWorkOptions>(
        NOTIFICATION_QUEUE,
        deliveryWork,
        async (jobs) => {
          for (const job of jobs) await deliverNotification(database.db, transport, settings, job, log);
        },
      );
    },
    async stop() {
      await closeOutbox(database, outbox);
      transport.close();
      mailboxes.delete(database.db);
      await mailbox?.close();
    },
  };
}
export {
  declarationNotice,
  minorAdmittedNotices,
  suspensionNotices,
  ticketBoundNotice,
  transferNotice,
} from './about';
