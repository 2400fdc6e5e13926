import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, serialId } from './columns';
import { events } from './events';
import { tickets } from './tickets';

/**
 * A phone's key registered by a wallet for a ticket it carries (docs/design.md §8): the platform signs
 * a credential binding that key to the ticket and its fixture or season. One phone per ticket and
 * person: a new registration revokes the one before. The id is the credential's serial.
 */
export const walletCredentials = pgTable(
  'wallet_credentials',
  {
    id: serialId(),
    ticketId: bigintRef('ticket_id', () => tickets.id),
    /** The fixture (a loan's) or the ticket's own event (a match or a season) it admits to. */
    scopeEventId: bigintRef('scope_event_id', () => events.id),
    /** The ΑΦΜ of the person whose wallet registered it. */
    issuedTo: text('issued_to').notNull(),
    devicePublicKey: text('device_public_key').notNull(),
    /** The credential as signed and given to the wallet (the offline manifest seals an entry under it). */
    credential: text('credential').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_credentials_one_live_key')
      .on(t.ticketId, t.scopeEventId, t.issuedTo)
      .where(sql`revoked_at is null`),
  ],
);
