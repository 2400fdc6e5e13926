import { boolean, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, serialId } from './columns';
import { organisations } from './organisations';

/**
 * Fans suspended from events (`/api/blackList-administration`), as the officer typed them; what is enforced is
 * the person they resolve to (`suspension_keys`). A stadium ban is national: it blocks at every club.
 */
export const suspensions = pgTable(
  'suspensions',
  {
    id: serialId(),
    afm: text('afm'),
    amka: text('amka'),
    documentId: text('document_id'),
    firstName: text('first_name'),
    fathersName: text('fathers_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** The last day (Europe/Athens) the suspension applies. */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    /** The organisation that entered it (null: a platform-wide officer); it or a platform-wide officer may lift it. */
    organisationId: text('organisation_id').references(() => organisations.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
  },
  (t) => [
    index('suspensions_afm_idx').on(t.afm),
    index('suspensions_amka_idx').on(t.amka),
    index('suspensions_document_idx').on(t.documentId),
  ],
);

/**
 * The identity keys a suspension resolves to (docs/design.md §9): its own identifiers in canonical form
 * and, through the registry or a ticket binding, every other key of the same person.
 */
export const suspensionKeys = pgTable(
  'suspension_keys',
  {
    suspensionId: bigintRef('suspension_id', () => suspensions.id),
    key: text('key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.suspensionId] }),
    // The identity details' keys are matched by prefix (`like 'DET:name|%'`): a pattern index serves
    // that whatever the database's collation (the primary key's serves only a C one).
    index('suspension_keys_key_pattern_idx').on(t.key.op('text_pattern_ops')),
  ],
);
