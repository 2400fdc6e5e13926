import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DECLARATION_STATUSES } from '@tickets/domain';
import { createdAt } from './columns';
import { citizens } from './registry';
import { tickets } from './tickets';

/**
 * A guardian's authorisation of an adult companion for their minor at one ticket's event.
 * PENDING until the companion accepts in the wallet; at most one PENDING or ACCEPTED per
 * minor and ticket, enforced by the database so that concurrent submissions create one.
 */
export const companionDeclarations = pgTable(
  'companion_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guardianId: bigint('guardian_id', { mode: 'number' })
      .notNull()
      .references(() => citizens.id),
    minorId: bigint('minor_id', { mode: 'number' })
      .notNull()
      .references(() => citizens.id),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    companionAfm: text('companion_afm').notNull(),
    companionName: text('companion_name').notNull(),
    /** A text column holding one of the domain's statuses (typed, no database enum to migrate). */
    status: text('status', { enum: DECLARATION_STATUSES }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The declaration this one replaced when the companion was changed. */
    replacesId: uuid('replaces_id'),
  },
  (t) => [
    uniqueIndex('companion_declarations_one_live_key')
      .on(t.minorId, t.ticketId)
      .where(sql`status in ('PENDING', 'ACCEPTED')`),
    index('companion_declarations_guardian_idx').on(t.guardianId),
    index('companion_declarations_companion_idx').on(t.companionAfm),
    // The gate's decision reads a ticket's accepted companion on every scan (bench/README.md).
    index('companion_declarations_ticket_idx').on(t.ticketId),
  ],
);
