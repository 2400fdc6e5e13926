import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DISPLAY_MODES, MAX_TRANSFERS_DEFAULT, TRANSFER_CUTOFF_HOURS_DEFAULT } from '@tickets/domain';
import { createdAt, serialId, textRef, updatedAt } from './columns';
import { organisations } from './organisations';

/** A match or a season, as a club's ticketing provider describes it, with its transfer rules. */
export const events = pgTable(
  'events',
  {
    id: serialId(),
    organisationId: textRef('organisation_id', () => organisations.id),
    /** The provider's own id for the event, unique within the organisation. */
    externalId: text('external_id').notNull(),
    description: text('description').notNull(),
    /** A match's kick-off; a season's first day. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** A season's end (its tickets admit to its fixtures until then); null for a match. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    venue: text('venue').notNull(),
    seasonal: boolean('seasonal').notNull().default(false),
    /** The season a fixture belongs to: its season tickets admit to it. Null for a season or a one-off match. */
    seasonId: bigint('season_id', { mode: 'number' }).references((): AnyPgColumn => events.id),
    /** How the verification code prints: QR or BARCODE (a setting of the provider). */
    displayMode: text('display_mode', { enum: DISPLAY_MODES }).notNull().default('QR'),
    allowTransfer: boolean('allow_transfer').notNull().default(true),
    maxTransfers: integer('max_transfers').notNull().default(MAX_TRANSFERS_DEFAULT),
    transferMinuteLimit: integer('transfer_minute_limit')
      .notNull()
      .default(TRANSFER_CUTOFF_HOURS_DEFAULT * 60),
    minToAutoRevertTransferredTicket: integer('min_to_auto_revert_transferred_ticket'),
    ignoreTransfers: boolean('ignore_transfers').notNull().default(false),
    /**
     * When the club's ticket office cancelled the match (features/event-cancellation), and why; null
     * while it stands. Irreversible: from then its gates admit nobody and its provider changes nothing.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('events_organisation_external_key').on(t.organisationId, t.externalId),
    index('events_starts_at_idx').on(t.startsAt),
    index('events_season_idx').on(t.seasonId),
  ],
);
