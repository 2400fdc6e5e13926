import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, uuidId } from './columns';
import { events } from './events';

/**
 * What the platform told a person (issue #30): the wallet's inbox, and the outbox of its e-mail. A row
 * is written in the transaction of the change it reports, with its delivery job (pg-boss, same
 * transaction): both or neither. It holds what the message names (people's names, the match), never
 * an address; the text is rendered from the domain's templates when read or sent. Erased with its
 * event's personal data (src/retention.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidId(),
    recipientAfm: text('recipient_afm').notNull(),
    /** One of the domain's NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    /** The template's values (names, the match, times): validated by the domain's schema of the kind. */
    params: jsonb('params').notNull(),
    /** The event it is about, for retention; null when it names none. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** PENDING until the delivery job ends: SENT, NO_ADDRESS (inbox only) or FAILED (given up). */
    emailStatus: text('email_status').notNull().default('PENDING'),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientAfm, t.createdAt),
    index('notifications_event_idx').on(t.eventId),
    index('notifications_failed_idx')
      .on(t.emailStatus)
      .where(sql`email_status = 'FAILED'`),
    // The outbox's backlog and its oldest, which every metrics scrape reads (plugins/metrics.ts).
    index('notifications_pending_idx')
      .on(t.createdAt)
      .where(sql`email_status = 'PENDING'`),
  ],
);
