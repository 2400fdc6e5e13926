import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DECLARATION_STATUSES,
  DISPLAY_MODES,
  MAX_TRANSFERS_DEFAULT,
  TRANSFER_CUTOFF_HOURS_DEFAULT,
  TRANSFER_STATUSES,
} from '@tickets/domain';

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

/** The event of a gate decision's audit row (GATE_ADMIT, GATE_REFUSE), as text. */
export const gateEventOf = (row: { details: AnyPgColumn }) => sql`(${row.details} ->> 'eventId')`;
export const gateDecisionRows = sql`action in ('GATE_ADMIT', 'GATE_REFUSE')`;

/** One row per write, by anyone (docs/design.md §2). */
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
  (t) => [
    index('audit_log_at_idx').on(t.at),
    // By subject: a citizen asks who looked up their tickets (the wallet's lookups).
    index('audit_log_subject_idx').on(t.subject),
    // A match's gate decisions, counted live for the ticket office.
    index('audit_log_gate_event_idx').on(gateEventOf(t)).where(gateDecisionRows),
  ],
);

/**
 * The ticket codes a club may issue: every code that starts with one of its prefixes. No prefix of
 * one club starts another club's, so a provider can neither claim nor learn of another club's codes.
 */
export const ticketCodeRanges = pgTable('ticket_code_ranges', {
  prefix: text('prefix').primaryKey(),
  organisationId: text('organisation_id')
    .notNull()
    .references(() => organisations.id),
  createdAt: createdAt(),
});

/** A club's ticketing provider: it sends events and tickets with its API key (stored hashed). */
export const providers = pgTable('providers', {
  id: text('id').primaryKey(),
  organisationId: text('organisation_id')
    .notNull()
    .references(() => organisations.id),
  name: text('name').notNull(),
  apiKeyHash: text('api_key_hash').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** A match or a season, as a club's ticketing provider describes it, with its transfer rules. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_organisation_external_key').on(t.organisationId, t.externalId),
    index('events_starts_at_idx').on(t.startsAt),
    index('events_season_idx').on(t.seasonId),
  ],
);

/** A ticket: its seat, and once bound, its holder (docs/product-spec.md §3 "Ticket details"). */
export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The 12-digit code printed on the ticket and typed by people. */
    publicCode: text('public_code').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
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

/**
 * A guardian's authorisation of an adult companion for their minor at one ticket's event.
 * PENDING until the companion accepts in the wallet; at most one PENDING or ACCEPTED per
 * minor and ticket, enforced by the database so that concurrent submissions create one.
 */
export const companionDeclarations = pgTable(
  'companion_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guardianId: bigint('guardian_id', { mode: 'number' })
      .notNull()
      .references(() => citizens.id),
    minorId: bigint('minor_id', { mode: 'number' })
      .notNull()
      .references(() => citizens.id),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    companionAfm: text('companion_afm').notNull(),
    companionName: text('companion_name').notNull(),
    /** A text column holding one of the domain's statuses (typed, no database enum to migrate). */
    status: text('status', { enum: DECLARATION_STATUSES }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The declaration this one replaced when the companion was changed. */
    replacesId: uuid('replaces_id'),
  },
  (t) => [
    uniqueIndex('companion_declarations_one_live_key')
      .on(t.minorId, t.ticketId)
      .where(sql`status in ('PENDING', 'ACCEPTED')`),
    index('companion_declarations_guardian_idx').on(t.guardianId),
    index('companion_declarations_companion_idx').on(t.companionAfm),
    // The gate's decision reads a ticket's accepted companion on every scan (bench/README.md).
    index('companion_declarations_ticket_idx').on(t.ticketId),
  ],
);

/**
 * Fans suspended from events (`/api/blackList-administration`), as the officer typed them; what is enforced is
 * the person they resolve to (`suspension_keys`). A stadium ban is national: it blocks at every club.
 */
export const suspensions = pgTable(
  'suspensions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    suspensionId: bigint('suspension_id', { mode: 'number' })
      .notNull()
      .references(() => suspensions.id),
    key: text('key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.suspensionId] }),
    // The identity details' keys are matched by prefix (`like 'DET:name|%'`): a pattern index serves
    // that whatever the database's collation (the primary key's serves only a C one).
    index('suspension_keys_key_pattern_idx').on(t.key.op('text_pattern_ops')),
  ],
);

/**
 * A season ticket lent for one fixture (the Gov.gr Wallet's transfer): PENDING until the
 * recipient accepts; ACCEPTED gives the recipient that one fixture's entry, while the holder keeps
 * the ticket and every other fixture; REVERTED closes it after the fixture when the season's rules
 * say so; COMPLETED when they never do. One live loan per ticket and fixture, kept by the database.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    fixtureId: bigint('fixture_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    fromAfm: text('from_afm').notNull(),
    toAfm: text('to_afm').notNull(),
    toName: text('to_name').notNull(),
    /** PENDING, ACCEPTED, COMPLETED, REJECTED, REVOKED or REVERTED: a text column typed by the domain's list. */
    status: text('status', { enum: TRANSFER_STATUSES }).notNull(),
    /** When an accepted loan is closed (REVERTED) after its fixture; null = never (COMPLETED). */
    revertAt: timestamp('revert_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfers_one_live_per_fixture_key')
      .on(t.ticketId, t.fixtureId)
      .where(sql`status in ('PENDING', 'ACCEPTED', 'COMPLETED')`),
    index('transfers_to_idx').on(t.toAfm),
    index('transfers_revert_idx').on(t.revertAt),
  ],
);

/**
 * The rate limits' counters, shared by every server process on the database (docs/design.md §2): the
 * hits of one key (a route and a client address, or a limiter's own key) in its current window.
 * Rows past their window are purged with the other expired rows.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.windowEndsAt)],
);

/**
 * A device at a club's gate (a steward's phone, a turnstile): it calls /api/gate/* with its token,
 * shown once when made and stored only as a SHA-256 hash. Revoked devices are refused at once.
 */
export const gateDevices = pgTable(
  'gate_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    label: text('label').notNull(),
    /** SHA-256 of the one-time pairing token the officer was shown (spent by the first pairing). */
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    /** When the pairing token was exchanged for a browser's credential: a second pairing is refused. */
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    /** The last refused second pairing with its token: someone holds a copy (shown to the officer). */
    pairingRefusedAt: timestamp('pairing_refused_at', { withTimezone: true }),
    /** SHA-256 of the paired browser's credential, its bearer on every call (docs/design.md §8). */
    credentialHash: text('credential_hash'),
    /** The credential ends then (401): the night of its club's last match of the day (GATE_DEVICE_CREDENTIAL_MARGIN_HOURS). */
    credentialExpiresAt: timestamp('credential_expires_at', { withTimezone: true }),
    /**
     * The last time it called the platform, written at most every GATE_CONTACT_WRITE_SECONDS (any
     * process): the match-day view and the silence alert read it (issue #42 item 3).
     */
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    /** What it last said it holds unsent (GET /api/gate/manifest?unsent=); null until it says. */
    pendingUploads: integer('pending_uploads'),
  },
  (t) => [
    uniqueIndex('gate_devices_token_key').on(t.tokenHash),
    uniqueIndex('gate_devices_credential_key').on(t.credentialHash),
    index('gate_devices_organisation_idx').on(t.organisationId),
  ],
);

/**
 * A phone's key registered by a wallet for a ticket it carries (docs/design.md §8): the platform signs
 * a credential binding that key to the ticket and its fixture or season. One phone per ticket and
 * person: a new registration revokes the one before. The id is the credential's serial.
 */
export const walletCredentials = pgTable(
  'wallet_credentials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    /** The fixture (a loan's) or the ticket's own event (a match or a season) it admits to. */
    scopeEventId: bigint('scope_event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
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

/**
 * A credential offer (OpenID4VCI's pre-authorized code flow, docs/design.md §12): a ticket the
 * person carries, offered to their EU wallet. Only digests of its codes are kept: the pre-authorized
 * code (in the QR), the transaction code (shown apart) and the access token the code is exchanged for.
 * Each is good once and briefly; the database decides, so any process may answer any step.
 */
export const credentialOffers = pgTable(
  'credential_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    /** SHA-256 of the offer's id and the transaction code: a copy of the table has no code to type. */
    txCodeHash: text('tx_code_hash').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    /** The ticket's own event (a match, a season) or, for a loan's recipient, the lent fixture. */
    scopeEventId: bigint('scope_event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
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
  },
  (t) => [
    uniqueIndex('credential_offers_code_key').on(t.codeHash),
    uniqueIndex('credential_offers_access_token_key').on(t.accessTokenHash),
    index('credential_offers_ticket_idx').on(t.ticketId),
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
 * A ticket issued as an SD-JWT VC: its id places it in a status list (list = (id - 1) div
 * STATUS_LIST_SIZE, index = (id - 1) mod it). What the binding was when it was issued is kept, and
 * its status is worked out from it and the binding now whenever a list is served (docs/design.md §12):
 * no write path can forget to flip a bit.
 */
export const issuedCredentials = pgTable(
  'issued_credentials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => credentialOffers.id),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    scopeEventId: bigint('scope_event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
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
  },
  (t) => [
    uniqueIndex('issued_credentials_offer_key').on(t.offerId),
    index('issued_credentials_ticket_idx').on(t.ticketId),
  ],
);

/**
 * A steward's OpenID4VP request (docs/design.md §12): its nonce, for the device and event that asked,
 * answered once, within PRESENTATION_REQUEST_MINUTES; the answer (`result`: the decision and the
 * disclosed claims) is what the device reads back. Any process may serve the request object, take the
 * response or answer the poll: the row is the state.
 */
export const presentationRequests = pgTable(
  'presentation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nonce: text('nonce').notNull(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => gateDevices.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [index('presentation_requests_expires_idx').on(t.expiresAt)],
);

/** One admission per ticket per event, decided by the database: of two devices scanning at once, one admits. */
export const gateAdmissions = pgTable(
  'gate_admissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => gateDevices.id),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** An admission a steward undid (made in error): the ticket may enter again. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** Decided by the device alone, offline, and uploaded later (admittedAt is the device's time). */
    offline: boolean('offline').notNull().default(false),
    /**
     * SHA-256 (base64url) of the code presented, as the gate read it (trimmed, upper case): the
     * proof that whoever entered held the ticket's code then, verified before recording. Null only
     * for admissions recorded before proofs were kept.
     */
    proofDigest: text('proof_digest'),
    /**
     * The key the device sent the scan with (the Idempotency-Key header, or an uploaded row's
     * `idempotencyKey`): a retry of that scan from that device, of the same ticket, is answered with
     * this admission (docs/design.md §8, "A scan is answered once"). Null for a scan sent without one.
     */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('gate_admissions_once_key')
      .on(t.ticketId, t.eventId)
      .where(sql`undone_at is null`),
    index('gate_admissions_event_idx').on(t.eventId),
    index('gate_admissions_idempotency_idx')
      .on(t.deviceId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
  ],
);

/**
 * A ticket admitted again by a device that was offline, uploaded after the first admission: the
 * server keeps the first and reports each of these on the match's count, with both devices and times.
 */
export const gateDoubleEntries = pgTable(
  'gate_double_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    admissionId: uuid('admission_id')
      .notNull()
      .references(() => gateAdmissions.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => gateDevices.id),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** As gate_admissions.proof_digest: the code this second admission was made with, verified. */
    proofDigest: text('proof_digest'),
  },
  (t) => [
    // An upload sent twice (a lost answer) is one double entry.
    uniqueIndex('gate_double_entries_once_key').on(t.admissionId, t.deviceId, t.admittedAt),
  ],
);

/**
 * A refusal a device decided offline, uploaded later so that the match's counts include it (its
 * audit row, GATE_REFUSE, is what the counts read). Nothing is recorded of the person: the code's
 * digest and the device's reason and time.
 */
export const gateOfflineRefusals = pgTable(
  'gate_offline_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => gateDevices.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    reason: text('reason').notNull(),
    refusedAt: timestamp('refused_at', { withTimezone: true }).notNull(),
    proofDigest: text('proof_digest').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An upload sent twice (a lost answer) counts each refusal once.
    uniqueIndex('gate_offline_refusals_once_key').on(t.deviceId, t.eventId, t.refusedAt, t.proofDigest),
  ],
);

/**
 * What the platform told a person (issue #30): the wallet's inbox, and the outbox of its e-mail. A row
 * is written in the transaction of the change it reports, with its delivery job (pg-boss, same
 * transaction): both or neither. It holds what the message names (people's names, the match), never
 * an address; the text is rendered from the domain's templates when read or sent. Erased with its
 * event's personal data (src/retention.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientAfm: text('recipient_afm').notNull(),
    /** One of the domain's NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    /** The template's values (names, the match, times): validated by the domain's schema of the kind. */
    params: jsonb('params').notNull(),
    /** The event it is about, for retention; null when it names none. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** PENDING until the delivery job ends: SENT, NO_ADDRESS (inbox only) or FAILED (given up). */
    emailStatus: text('email_status').notNull().default('PENDING'),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientAfm, t.createdAt),
    index('notifications_event_idx').on(t.eventId),
    index('notifications_failed_idx')
      .on(t.emailStatus)
      .where(sql`email_status = 'FAILED'`),
    // The outbox's backlog and its oldest, which every metrics scrape reads (plugins/metrics.ts).
    index('notifications_pending_idx')
      .on(t.createdAt)
      .where(sql`email_status = 'PENDING'`),
  ],
);

/**
 * The offline manifest of a fixture as every server process shares it (docs/gate-codes.md §7.6,
 * docs/design.md §8): the book's salt, current revision and header, its ETag, and how far it has
 * applied the change log (`gate_manifest_changes`). A cache of what the other tables say, not a
 * record: its rows go when the fixture is long over (purge.ts), or when a new book replaces it.
 */
export const gateManifests = pgTable('gate_manifests', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => events.id),
  /** The club whose device read it: a device of another is not answered from it. */
  organisationId: text('organisation_id').notNull(),
  salt: text('salt').notNull(),
  /** Which signing and trusted keys the book was made with: other keys make a new book. */
  keysDigest: text('keys_digest').notNull(),
  revision: integer('revision').notNull(),
  /** The revision's entity tag: a hash of salt and revision (manifest-book.service.ts `digestOf`). */
  digest: text('digest').notNull(),
  /** The manifest's header as JSON text (GateManifestHeader): kept as written, for identical answers. */
  header: text('header').notNull(),
  /** When the database was last read for it: one process reads it again once per rebuild interval. */
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  /**
   * How far the book has applied `gate_manifest_changes`: the snapshot (`pg_snapshot` as text) of its
   * last reading. Every change of a transaction visible in it is in the book; a reading applies those
   * of transactions it sees and that snapshot did not.
   */
  changesFrom: text('changes_from'),
  /**
   * When every ticket of the fixture was last read (a new book, or the day's first reading): what
   * changes with the day alone (a suspension past its end, a holder's age) is written nowhere.
   */
  wholeReadAt: timestamp('whole_read_at', { withTimezone: true }),
});

/**
 * Whatever changed that a fixture's offline manifest may say (docs/design.md §8 "A reading follows
 * changes"): written by triggers in the transaction of each change (migration 0028), so no code
 * path can forget it. A row names a ticket, or an identity key (a suspension's, the registry's) that
 * leads to the tickets whose entrant or companion it names. `xid` is the writer's transaction: a
 * reading applies the changes of the transactions its snapshot sees and the book's last reading's
 * did not, in whatever order their ids were taken. Purged once every book has applied them (purge.ts).
 */
export const gateManifestChanges = pgTable(
  'gate_manifest_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    identityKey: text('identity_key'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gate_manifest_changes_xid_idx').on(t.xid)],
);

/**
 * A book's rows (GateManifestBookRow): each entry as sealed with its content tag, each revocation,
 * and the revision it last changed at, from which a process answers a delta or follows the book.
 */
export const gateManifestRows = pgTable(
  'gate_manifest_rows',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => gateManifests.eventId, { onDelete: 'cascade' }),
    mark: text('mark').notNull(),
    sealed: text('sealed'),
    tag: text('tag'),
    /** Whose entry it is: a salted tag of its ticket (GateManifestBookRow.owner), none for a revocation. */
    owner: text('owner'),
    changedAt: integer('changed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.mark] }),
    index('gate_manifest_rows_changed_idx').on(t.eventId, t.changedAt),
  ],
);
