import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DECLARATION_STATUSES } from '@tickets/domain';
import { bigintRef, createdAt, updatedAt, uuidId } from './columns';
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
    id: uuidId(),
    guardianId: bigintRef('guardian_id', () => citizens.id),
    minorId: bigintRef('minor_id', () => citizens.id),
    ticketId: bigintRef('ticket_id', () => tickets.id),
    companionAfm: text('companion_afm').notNull(),
    companionName: text('companion_name').notNull(),
    /** A text column holding one of the domain's statuses (typed, no database enum to migrate). */
    status: text('status', { enum: DECLARATION_STATUSES }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
