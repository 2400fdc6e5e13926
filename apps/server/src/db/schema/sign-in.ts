import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
