import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { bigintRef, createdAt, serialId, uuidId, uuidRef } from './columns';
import { events } from './events';
import { gateDevices } from './gate';
import { tickets } from './tickets';
import { transfers } from './transfers';

/**
 * A credential offer (OpenID4VCI's pre-authorized code flow, docs/design.md §12): a ticket the
 * person carries, offered to their EU wallet. Only digests of its codes are kept: the pre-authorized
 * code (in the QR), the transaction code (shown apart) and the access token the code is exchanged for.
 * Each is good once and briefly; the database decides, so any process may answer any step.
 */
export const credentialOffers = pgTable(
  'credential_offers',
  {
    id: uuidId(),
    codeHash: text('code_hash').notNull(),
    /**
     * SHA-256 of the offer's id and the transaction code: a copy of the table has no code to type.
     * Null for an authorization code, which has its PKCE challenge instead.
     */
    txCodeHash: text('tx_code_hash'),
    ticketId: bigintRef('ticket_id', () => tickets.id),
    /** The ticket's own event (a match, a season) or, for a loan's recipient, the lent fixture. */
    scopeEventId: bigintRef('scope_event_id', () => events.id),
    /** The loan whose recipient enters with it; null for the holder's (or a minor's) own ticket. */
    transferId: uuid('transfer_id').references(() => transfers.id),
    /** The ΑΦΜ of the signed-in person who asked for the offer (the holder, a guardian, a recipient). */
    issuedTo: text('issued_to').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong transaction codes typed: at CREDENTIAL_OFFER_TX_CODE_ATTEMPTS the code is spent. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    accessTokenHash: text('access_token_hash'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /**
     * The JWK thumbprint (RFC 7638) of the key the access token is bound to by DPoP (RFC 9449): only a
     * proof by that key uses it. Null for a Bearer token (a wallet that sent no DPoP proof).
     */
    dpopJkt: text('dpop_jkt'),
    /**
     * An authorization code (the code flow, issue #53 item 4) rather than a pre-authorized one: the
     * wallet it was given to, where, and its PKCE `S256` challenge; all null for an offer's code.
     */
    clientId: text('client_id'),
    redirectUri: text('redirect_uri'),
    codeChallenge: text('code_challenge'),
    /**
     * The digest of the offer's `issuer_state` (its `authorization_code` grant): a wallet that takes
     * the offer by the code flow carries it, and the authorization page shows this ticket chosen.
     */
    issuerStateHash: text('issuer_state_hash'),
  },
  (t) => [
    uniqueIndex('credential_offers_code_key').on(t.codeHash),
    uniqueIndex('credential_offers_access_token_key').on(t.accessTokenHash),
    index('credential_offers_ticket_idx').on(t.ticketId),
    index('credential_offers_issuer_state_idx').on(t.issuerStateHash),
  ],
);

/**
 * A wallet's pushed authorization request (RFC 9126; issue #53 item 4): what it asked, kept until the
 * person signed in chooses a ticket (`decided_at`, once) or WALLET_AUTHORIZATION_MINUTES pass. Only
 * the digest of its `request_uri` is kept. The code it leads to is a `credential_offers` row.
 */
export const walletAuthorizations = pgTable(
  'wallet_authorizations',
  {
    id: uuidId(),
    requestUriHash: text('request_uri_hash').notNull(),
    /** The wallet instance's client identifier, as its attestation names it. */
    clientId: text('client_id').notNull(),
    /** Who vouches for the wallet: its attestation's issuer, shown to the person. */
    walletName: text('wallet_name').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    state: text('state'),
    /** The digest of the `issuer_state` of the offer the wallet started from, if it did. */
    issuerStateHash: text('issuer_state_hash'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_authorizations_request_uri_key').on(t.requestUriHash),
    index('wallet_authorizations_expires_idx').on(t.expiresAt),
  ],
);

/** A nonce of the nonce endpoint, kept as a digest until a key proof spends it or it expires. */
export const issuanceNonces = pgTable(
  'issuance_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('issuance_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * A ticket issued as an SD-JWT VC, at a place drawn at random in a status list (`status_number`, the
 * domain's `statusNumberAt`: list = (n - 1) div STATUS_LIST_SIZE + 1, index = (n - 1) mod it; unique,
 * so two live credentials never share a place). What the binding was when it was issued is kept, and
 * its status is worked out from it and the binding now whenever a list is served (docs/design.md §12):
 * no write path can forget to flip a bit.
 */
export const issuedCredentials = pgTable(
  'issued_credentials',
  {
    id: serialId(),
    offerId: uuidRef('offer_id', () => credentialOffers.id),
    ticketId: bigintRef('ticket_id', () => tickets.id),
    scopeEventId: bigintRef('scope_event_id', () => events.id),
    transferId: uuid('transfer_id').references(() => transfers.id),
    issuedTo: text('issued_to').notNull(),
    /** The ticket's holder and print serial when issued: a new binding or a reprint ends the credential. */
    holderAfm: text('holder_afm'),
    holderAmka: text('holder_amka'),
    codeSerial: integer('code_serial').notNull(),
    /** The JWK thumbprint (RFC 7638) of the wallet's key in `cnf`. */
    keyThumbprint: text('key_thumbprint').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    statusNumber: bigint('status_number', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('issued_credentials_offer_key').on(t.offerId),
    uniqueIndex('issued_credentials_status_key').on(t.statusNumber),
    index('issued_credentials_ticket_idx').on(t.ticketId),
  ],
);

/**
 * A steward's OpenID4VP request (docs/design.md §12): its nonce, for the device and event that asked,
 * spent (`answered_at`) by one verified presentation, or by PRESENTATION_ANSWERS refused answers,
 * within PRESENTATION_REQUEST_MINUTES; the answer (`result`: the decision and the disclosed claims, or
 * the last refusal) is what the device reads back. Any process may serve the request object, take the
 * response or answer the poll: the row is the state.
 */
export const presentationRequests = pgTable(
  'presentation_requests',
  {
    id: uuidId(),
    nonce: text('nonce').notNull(),
    deviceId: uuidRef('device_id', () => gateDevices.id),
    eventId: bigintRef('event_id', () => events.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Answers refused so far: the request stays open for the real one until PRESENTATION_ANSWERS. */
    refusedAnswers: integer('refused_answers').notNull().default(0),
    /** The private JWK the wallet's answer is encrypted to (`direct_post.jwt`), this request's alone. */
    responseKey: jsonb('response_key').$type<JWK>(),
  },
  (t) => [index('presentation_requests_expires_idx').on(t.expiresAt)],
);
