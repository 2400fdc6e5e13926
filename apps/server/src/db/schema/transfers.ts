import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRANSFER_STATUSES } from '@tickets/domain';
import { bigintRef, createdAt, updatedAt, uuidId } from './columns';
import { events } from './events';
import { tickets } from './tickets';

/**
 * A season ticket lent for one fixture (the Gov.gr Wallet's transfer): PENDING until the
 * recipient accepts; ACCEPTED gives the recipient that one fixture's entry, while the holder keeps
 * the ticket and every other fixture; REVERTED closes it after the fixture when the season's rules
 * say so; COMPLETED when they never do. One live loan per ticket and fixture, kept by the database.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuidId(),
    ticketId: bigintRef('ticket_id', () => tickets.id),
    fixtureId: bigintRef('fixture_id', () => events.id),
    fromAfm: text('from_afm').notNull(),
    toAfm: text('to_afm').notNull(),
    toName: text('to_name').notNull(),
    /** PENDING, ACCEPTED, COMPLETED, REJECTED, REVOKED or REVERTED: a text column typed by the domain's list. */
    status: text('status', { enum: TRANSFER_STATUSES }).notNull(),
    /** When an accepted loan is closed (REVERTED) after its fixture; null = never (COMPLETED). */
    revertAt: timestamp('revert_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transfers_one_live_per_fixture_key')
      .on(t.ticketId, t.fixtureId)
      .where(sql`status in ('PENDING', 'ACCEPTED', 'COMPLETED')`),
    index('transfers_to_idx').on(t.toAfm),
    index('transfers_revert_idx').on(t.revertAt),
  ],
);
