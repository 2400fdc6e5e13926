import { and, eq, sql, type SQL } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import { NOTIFICATION_KINDS, notificationParamsSchema, renderNotification } from '@tickets/domain';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { citizens, notifications } from '../../db/schema';
import { auditedRowsWith } from '../audit';
import type { Metrics } from '../metrics';
import type { JobResult } from './delivery-worker';

/**
 * Delivery of the notifications' e-mails (the outbox's jobs, outbox.ts). The address is read from
 * the contact registry now, not before (issue #30 item 1); nothing here logs it or the message.
 */
export interface DeliverySettings {
  from: string;
  /** The Message-IDs' domain: the service's host. */
  domain: string;
  /** The service's address, for the link in each message. */
  serviceUrl: () => string;
  giveUpMinutes: number;
}

export interface DeliveryLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/**
 * The transport for `smtpUrl` (smtps:// is TLS from the start; smtp:// upgrades with STARTTLS when
 * offered), as a pool: a message goes on a connection already open and greeted, where a connection
 * each paid the mail server's greeting (≈110 ms to the local one) per message (bench/README.md,
 * "Notifications").
 */
export function mailTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({ url: smtpUrl, pool: true });
}

/**
 * The same notification always goes with the same Message-ID: a retry after a crash between sending
 * and marking reaches the person's mail program as the same message, not a second one.
 */
export const messageIdOf = (notificationId: string, domain: string) => `<${notificationId}@${domain}>`;

export type DeliveryJob = Pick<
  PgBoss.JobWithMetadata<{ notificationId: string }>,
  'id' | 'data' | 'createdOn'
>;
type Row = Awaited<ReturnType<ReturnType<typeof notificationsToSend>['execute']>>[number];
/** RETRY: not sent this time, its job failed and retried with back-off. */
type Outcome = 'SENT' | 'NO_ADDRESS' | 'FAILED' | 'GONE' | 'DONE_BEFORE' | 'RETRY';
/** Each outcome's label in `tickets_outbox_deliveries_total`. */
const OUTCOME_LABELS: Record<Outcome, string> = {
  SENT: 'sent',
  NO_ADDRESS: 'no_address',
  FAILED: 'failed',
  GONE: 'gone',
  DONE_BEFORE: 'done_before',
  RETRY: 'retried',
};

/**
 * Delivers the notifications of one fetch of jobs: their rows read in one statement, their e-mails
 * sent side by side (as many at once as the transport's pool has connections), and those sent marked
 * in one statement with their audit rows. Answers each job's result: `failed` for a message not sent
 * this time, retried with back-off. A crash after a send and before its mark sends it again when its
 * job is taken again, with its Message-ID.
 */
export async function deliverNotifications(
  db: Db,
  transport: Transporter,
  settings: DeliverySettings,
  jobs: DeliveryJob[],
  { log, metrics }: { log: DeliveryLog; metrics: Metrics },
): Promise<JobResult[]> {
  const rows = await notificationsToSend(db).execute({ ids: jobs.map(notificationOf) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const outcomes = await Promise.all(
    jobs.map((job) =>
      deliver(transport, settings, job, byId.get(notificationOf(job)), log).catch((error: unknown) => {
        // Not the mail server (it is handled in `deliver`): a row that no template renders. Its name
        // only: a validation's message may quote the names in the row.
        log.warn(
          { notificationId: notificationOf(job), error: (error as Error).name },
          'notification not sent',
        );
        return 'RETRY' as const;
      }),
    ),
  );
  const ids = (wanted: Outcome) => jobs.filter((_, index) => outcomes[index] === wanted).map(notificationOf);
  const sent = ids('SENT');
  if (sent.length > 0) await markSent(db).execute({ ids: sent });
  for (const status of ['NO_ADDRESS', 'FAILED'] as const) {
    const marked = ids(status);
    if (marked.length > 0) await markDelivery(db).execute({ ids: marked, status });
  }
  for (const id of sent) log.info({ notificationId: id }, 'notification e-mail sent');
  for (const outcome of outcomes) metrics.outboxDeliveries.inc({ outcome: OUTCOME_LABELS[outcome] });
  return jobs.map((job, index) => ({
    id: job.id,
    status: outcomes[index] === 'RETRY' ? 'failed' : 'completed',
  }));
}

const notificationOf = (job: DeliveryJob) => job.data.notificationId;

/** One notification's e-mail: what became of it. */
async function deliver(
  transport: Transporter,
  settings: DeliverySettings,
  job: DeliveryJob,
  row: Row | undefined,
  log: DeliveryLog,
): Promise<Outcome> {
  const id = notificationOf(job);
  // Erased with its event's personal data before it could go.
  if (!row) return 'GONE';
  if (row.emailStatus !== 'PENDING') return 'DONE_BEFORE';
  if (!row.email) {
    log.info({ notificationId: id }, 'notification in the wallet only: the registry has no e-mail');
    return 'NO_ADDRESS';
  }
  const kind = NOTIFICATION_KINDS.find((known) => known === row.kind);
  if (!kind) throw new Error(`unknown notification kind ${row.kind}`);
  const message = renderNotification(kind, notificationParamsSchema.parse(row.params), settings.serviceUrl());
  try {
    await transport.sendMail({
      from: settings.from,
      to: row.email,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: messageIdOf(id, settings.domain),
      headers: { 'Auto-Submitted': 'auto-generated' },
      // Greek is two bytes a letter in UTF-8, which quoted-printable writes as six characters: base64
      // makes a message 0.8 of the size with about 0.7 of the work (bench/README.md, "Notifications").
      textEncoding: 'base64',
    });
    return 'SENT';
  } catch (error) {
    const code = (error as { code?: string; responseCode?: number }).code ?? 'unknown';
    // Counted from the job, not the notification: an operator's retry (`notifications retry`) starts afresh.
    const ageMinutes = (Date.now() - new Date(job.createdOn).getTime()) / 60_000;
    if (ageMinutes >= settings.giveUpMinutes) {
      log.warn({ notificationId: id, code }, 'notification e-mail given up: marked FAILED');
      return 'FAILED';
    }
    // Only the code: the mail server's answer may quote the address.
    log.warn({ notificationId: id, code }, 'notification e-mail not accepted yet: it will be retried');
    return 'RETRY';
  }
}

/** The notifications `ids` with their recipients' addresses as the registry holds them now. */
const notificationsToSend = preparedQuery<{ ids: string[] }>()((db, p) =>
  db
    .select({
      id: notifications.id,
      recipientAfm: notifications.recipientAfm,
      kind: notifications.kind,
      params: notifications.params,
      emailStatus: notifications.emailStatus,
      email: citizens.email,
    })
    .from(notifications)
    .leftJoin(citizens, eq(citizens.afm, notifications.recipientAfm))
    .where(sql`${notifications.id} = any(${p.ids}::uuid[])`)
    .prepare('notifications_to_send'),
);

const pendingOf = (ids: SQL) =>
  and(sql`${notifications.id} = any(${ids}::uuid[])`, eq(notifications.emailStatus, 'PENDING'));

/** Marks pending notifications SENT, each with its audit row (whom, which kind; never the text): one statement. */
const markSent = preparedQuery<{ ids: string[] }>()((db, p) => {
  const sent = db.$with('sent').as(
    db
      .update(notifications)
      .set({ emailStatus: 'SENT', emailSentAt: sql`now()` })
      .where(pendingOf(sql`${p.ids}`))
      .returning({ id: notifications.id, recipient: notifications.recipientAfm, kind: notifications.kind }),
  );
  const audited = auditedRowsWith(db, sql`${sent}`, {
    actor: sql`'system'`,
    action: sql`'NOTIFICATION_SENT'`,
    subject: sql`${sent.id}::text`,
    requestId: sql`null`,
    details: sql`jsonb_build_object('recipient', ${sent.recipient}, 'kind', ${sent.kind})`,
  });
  return db.with(sent, audited).select({ id: sent.id }).from(sent).prepare('mark_notifications_sent');
});

/** Marks pending notifications NO_ADDRESS (the wallet's inbox only) or FAILED (given up). */
const markDelivery = preparedQuery<{ ids: string[]; status: 'NO_ADDRESS' | 'FAILED' }>()((db, p) =>
  db
    .update(notifications)
    .set({ emailStatus: sql`${p.status}::text` })
    .where(pendingOf(sql`${p.ids}`))
    .prepare('mark_notifications_delivery'),
);
