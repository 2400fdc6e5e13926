import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, textRef, updatedAt } from './columns';

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
  updatedAt: updatedAt(),
});

/**
 * The ticket codes a club may issue: every code that starts with one of its prefixes. No prefix of
 * one club starts another club's, so a provider can neither claim nor learn of another club's codes.
 */
export const ticketCodeRanges = pgTable('ticket_code_ranges', {
  prefix: text('prefix').primaryKey(),
  organisationId: textRef('organisation_id', () => organisations.id),
  createdAt: createdAt(),
});

/** A club's ticketing provider: it sends events and tickets with its API key (stored hashed). */
export const providers = pgTable('providers', {
  id: text('id').primaryKey(),
  organisationId: textRef('organisation_id', () => organisations.id),
  name: text('name').notNull(),
  apiKeyHash: text('api_key_hash').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});
