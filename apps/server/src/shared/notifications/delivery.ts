import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { JobWithMetadata } from 'pg-boss';
import { NOTIFICATION_KINDS, notificationParamsSchema, renderNotification } from '@tickets/domain';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { citizens, notifications } from '../../db/schema';
import { auditedWith, type AuditedParams } from '../audit';

/**
 * Delivery of one notification's e-mail (a job of the outbox, outbox.ts). The address is read from
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

/** The transport for `smtpUrl`: smtps:// is TLS from the start; smtp:// upgrades with STARTTLS when offered. */
export function mailTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

/**
 * The same notification always goes with the same Message-ID: a retry after a crash between sending
 * and marking reaches the person's mail program as the same message, not a second one.
 */
export const messageIdOf = (notificationId: string, domain: string) => `<${notificationId}@${domain}>`;

type Outcome = 'SENT' | 'NO_ADDRESS' | 'FAILED' | 'GONE' | 'DONE_BEFORE';

export async function deliverNotification(
  db: Db,
  transport: Transporter,
  settings: DeliverySettings,
  job: Pick<JobWithMetadata<{ notificationId: string }>, 'data' | 'createdOn'>,
  log: DeliveryLog,
): Promise<Outcome> {
  const id = job.data.notificationId;
  const [row] = await notificationToSend(db).execute({ id });
  // Erased with its event's personal data before it could go.
  if (!row) return 'GONE';
  if (row.emailStatus !== 'PENDING') return 'DONE_BEFORE';
  if (!row.email) {
    await markDelivery(db, id, 'NO_ADDRESS');
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
    });
  } catch (error) {
    const code = (error as { code?: string; responseCode?: number }).code ?? 'unknown';
    // Counted from the job, not the notification: an operator's retry (`notifications retry`) starts afresh.
    const ageMinutes = (Date.now() - new Date(job.createdOn).getTime()) / 60_000;
    if (ageMinutes >= settings.giveUpMinutes) {
      await markDelivery(db, id, 'FAILED');
      log.warn({ notificationId: id, code }, 'notification e-mail given up: marked FAILED');
      return 'FAILED';
    }
    // Only the code: the mail server's answer may quote the address.
    log.warn({ notificationId: id, code }, 'notification e-mail not accepted yet: it will be retried');
    throw new Error(`the mail server did not accept notification ${id} (${code})`, { cause: null });
  }
  await markSent(db).execute({
    id,
    recipient: row.recipientAfm,
    kind,
    actor: 'system',
    action: 'NOTIFICATION_SENT',
    subject: id,
    requestId: null,
  });
  log.info({ notificationId: id }, 'notification e-mail sent');
  return 'SENT';
}

/** The notification with its recipient's address as the registry holds it now. */
const notificationToSend = preparedQuery<{ id: string }>()((db, p) =>
  db
    .select({
      recipientAfm: notifications.recipientAfm,
      kind: notifications.kind,
      params: notifications.params,
      emailStatus: notifications.emailStatus,
      email: citizens.email,
    })
    .from(notifications)
    .leftJoin(citizens, eq(citizens.afm, notifications.recipientAfm))
    .where(eq(notifications.id, sql`${p.id}::uuid`))
    .prepare('notification_to_send'),
);

/** Marks a pending notification SENT with its audit row (whom, which kind; never the text), one statement. */
const markSent = preparedQuery<{ id: string; recipient: string; kind: string } & AuditedParams>()((db, p) => {
  const sent = db.$with('sent').as(
    db
      .update(notifications)
      .set({ emailStatus: 'SENT', emailSentAt: sql`now()` })
      .where(and(eq(notifications.id, sql`${p.id}::uuid`), eq(notifications.emailStatus, 'PENDING')))
      .returning({ id: notifications.id }),
  );
  const details = sql`jsonb_build_object('recipient', ${p.recipient}::text, 'kind', ${p.kind}::text)`;
  return db
    .with(sent, auditedWith(db, sent, details))
    .select({ id: sent.id })
    .from(sent)
    .prepare('mark_notification_sent');
});

async function markDelivery(db: Db, id: string, status: 'NO_ADDRESS' | 'FAILED') {
  await db
    .update(notifications)
    .set({ emailStatus: status })
    .where(and(eq(notifications.id, id), eq(notifications.emailStatus, 'PENDING')));
}
