import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Clubs (ΠΑΕ/ΚΑΕ) and other organisers whose officers use the ticket office. */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Who is an OFFICER: an active row here (managed by the admin command). */
export const officers = pgTable('officers', {
  afm: text('afm').primaryKey(),
  /** Null: a platform-wide officer. */
  organisationId: text('organisation_id').references(() => organisations.id),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The stand-in for the national registry of persons. */
export const citizens = pgTable(
  'citizens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    afm: text('afm'),
    amka: text('amka').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    fatherName: text('father_name'),
    motherName: text('mother_name'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('citizens_afm_key').on(t.afm), uniqueIndex('citizens_amka_key').on(t.amka)],
);

/** The stand-in for the registry of parents and minors: who is guardian of whom. */
export const guardianships = pgTable(
  'guardianships',
  {
    guardianId: bigint('guardian_id', { mode: 'number' })
      .notNull()
      .references(() => citizens.id),
    minorId: bigint('minor_id', { mode: 'number' })
      .notNull()
      .references(() => citizens.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.minorId] }), index('guardianships_minor_idx').on(t.minorId)],
);

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    afm: text('afm').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

/** A login in progress: state and PKCE verifier between the redirect and the callback. */
export const loginAttempts = pgTable('login_attempts', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  returnBase: text('return_base').notNull(),
  createdAt: createdAt(),
});

/** The TaxisNet stand-in's grants: an authorization code, later exchanged for a token. */
export const taxisStandInGrants = pgTable(
  'taxis_standin_grants',
  {
    code: text('code').primaryKey(),
    afm: text('afm').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge'),
    createdAt: createdAt(),
    accessToken: text('access_token'),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('taxis_standin_grants_token_key').on(t.accessToken)],
);

/** One row per write, by anyone (DESIGN.md §2). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);
