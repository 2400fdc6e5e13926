import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, serialId } from './columns';
import { events } from './events';

/** A ticket: its seat, and once bound, its holder (docs/product-spec.md §3 "Ticket details"). */
export const tickets = pgTable(
  'tickets',
  {
    id: serialId(),
    /** The 12-digit code printed on the ticket and typed by people. */
    publicCode: text('public_code').notNull(),
    eventId: bigintRef('event_id', () => events.id),
    sector: text('sector'),
    gate: text('gate'),
    row: text('row'),
    seat: text('seat'),
    seasonal: boolean('seasonal').notNull().default(false),
    status: text('status').notNull().default('ACTIVE'),
    holderAfm: text('holder_afm'),
    holderAmka: text('holder_amka'),
    fullName: text('full_name'),
    documentType: text('document_type'),
    /** As the officer typed it (what is shown). */
    documentId: text('document_id'),
    /** The same number in the canonical form of docs/design.md §9 (what is compared). */
    documentKey: text('document_key'),
    installationId: text('installation_id'),
    anonymous: boolean('anonymous').notNull().default(false),
    skipMode: text('skip_mode'),
    /**
     * The verification code printed on a paper ticket: signed by the platform (QR), or random
     * (Code 128) — docs/design.md §8.
     */
    privateCode: text('private_code'),
    /** How many times it was printed: the serial of the live code; every earlier one is revoked. */
    codeSerial: integer('code_serial').notNull().default(0),
    /** How the ticket was bound: at a ticket office, IDENTIFY (foreigner) or PERSONALIZE (over-67); WALLET, added by its buyer (docs/design.md §10). */
    binding: text('binding'),
    personalizedBy: text('personalized_by'),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    personalizedAt: timestamp('personalized_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tickets_public_code_key').on(t.publicCode),
    index('tickets_event_idx').on(t.eventId),
    index('tickets_holder_afm_idx').on(t.holderAfm),
    index('tickets_holder_amka_idx').on(t.holderAmka),
    index('tickets_document_key_idx').on(t.documentKey),
    // The gate finds a printed ticket by its verification code.
    uniqueIndex('tickets_private_code_key').on(t.privateCode),
  ],
);
