import type { Config } from '../../config';
import { mailDomainOf } from '../../config';
import type { Database, Db } from '../../db/client';
import type { Metrics } from '../metrics';
import { deliverNotifications, mailTransport, type DeliveryLog } from './delivery';
import { startDeliveryWorker, type DeliveryWorker } from './delivery-worker';
import { startDevMailbox, type DevMailbox } from './dev-mailbox';
import { closeOutbox, openOutbox } from './outbox';

export { auditAndNotify, notify, type NotificationEntry } from './outbox';
export type { DevMailbox, ReceivedMail } from './dev-mailbox';

/**
 * Notifications in a server process (issue #30): the outbox opened, its worker delivering over SMTP
 * (to SMTP_URL, or in development to the local mailbox it starts), until `stop`.
 */
export interface Notifications {
  mailbox: DevMailbox | undefined;
  /**
   * Starts this process's worker (unless MAIL_DELIVERY=false): once the server listens, since each
   * message links to it. Each attempt's outcome is counted in `metrics`.
   */
  startDelivery(serviceUrl: () => string, metrics: Metrics): Promise<void>;
  stop(): Promise<void>;
}

const mailboxes = new WeakMap<Db, DevMailbox>();

/** The development mailbox of the process serving `db`, if it runs one (the mailbox page reads it). */
export const devMailboxOf = (db: Db): DevMailbox | undefined => mailboxes.get(db);

/**
 * Jobs a worker takes in one fetch, each settled on its own; while fetches come back full it fetches
 * again at once (delivery-worker.ts), so a backlog drains at the mail server's pace, not one fetch per
 * polling interval (bench/README.md). A fetch's messages go side by side on the transport's pooled
 * connections (delivery.ts).
 */
const DELIVERY_BATCH = 20;

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
  if (!smtpUrl)
    throw new Error('no mail server: set SMTP_URL (the configuration lets none through: config/profiles.ts)');
  if (mailbox) mailboxes.set(database.db, mailbox);
  const transport = mailTransport(smtpUrl);
  const outbox = await openOutbox(
    database,
    {
      retryDelaySeconds: config.mail.retryDelaySeconds,
      write: config.mail.notifications,
    },
    // pg-boss's own trouble (a lost connection, a failed maintenance): the message only, no job data.
    (error) => log.error({ code: (error as { code?: string }).code }, `job queue: ${error.message}`),
  );
  let worker: DeliveryWorker | undefined;
  return {
    mailbox,
    async startDelivery(serviceUrl, metrics) {
      if (!config.mail.delivery) {
        log.info({}, 'MAIL_DELIVERY=false: this process writes notifications; other processes deliver them');
        return;
      }
      const settings = {
        from: config.mail.from,
        domain: mailDomainOf(config.publicUrl),
        serviceUrl,
        giveUpMinutes: config.mail.giveUpMinutes,
      };
      worker = startDeliveryWorker(
        outbox.boss,
        database,
        { batchSize: DELIVERY_BATCH, retryMaxDelaySeconds: config.mail.retryMaxDelaySeconds },
        // A send refused (logged with its code) fails its job only: retried with back-off.
        (jobs) => deliverNotifications(database.db, transport, settings, jobs, { log, metrics }),
        // The database's trouble while delivering: the message only, no job data.
        (error) => log.error({ code: (error as { code?: string }).code }, `delivery: ${error.message}`),
      );
    },
    async stop() {
      await worker?.stop();
      await closeOutbox(database, outbox);
      transport.close();
      mailboxes.delete(database.db);
      await mailbox?.close();
    },
  };
}
