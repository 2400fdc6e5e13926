import { date, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, serialId } from './columns';

/** The stand-in for the national registry of persons. */
export const citizens = pgTable(
  'citizens',
  {
    id: serialId(),
    afm: text('afm'),
    amka: text('amka').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    fathersName: text('father_name'), // the column keeps its first name: renaming it is a migration
    motherName: text('mother_name'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /**
     * The person's contact details as the national contact registry (ΕΜΕπ) holds them: read only when
     * a notification is sent (src/shared/notifications/), never copied into another table or a log.
     */
    email: text('email'),
    mobile: text('mobile'),
    /** The identity card's number as the police registry gives it (what is shown). */
    identityCard: text('identity_card'),
    /** Its canonical form (`canonicalIdentifier`), what suspensions and bindings meet. */
    identityCardKey: text('identity_card_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('citizens_afm_key').on(t.afm),
    uniqueIndex('citizens_amka_key').on(t.amka),
    uniqueIndex('citizens_identity_card_key').on(t.identityCardKey),
  ],
);

/** The stand-in for the registry of parents and minors: who is guardian of whom. */
export const guardianships = pgTable(
  'guardianships',
  {
    guardianId: bigintRef('guardian_id', () => citizens.id),
    minorId: bigintRef('minor_id', () => citizens.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.minorId] }), index('guardianships_minor_idx').on(t.minorId)],
);
