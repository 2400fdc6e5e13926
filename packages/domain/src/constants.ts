/** Business constants of docs/product-spec.md §9 and docs/design.md §5: the one place each number lives. */

export const TICKET_CODE_LENGTH = 12;
export const AFM_LENGTH = 9;
export const AMKA_LENGTH = 11;

/** A new event's transfer rules until its officer changes them: the events table's column defaults. */
export const MAX_TRANSFERS_DEFAULT = 5;
export const TRANSFER_CUTOFF_HOURS_DEFAULT = 2;
export const MAX_TRANSFERS_MIN = 1;
export const TRANSFER_CUTOFF_HOURS_MIN = 1;
export const TRANSFER_CUTOFF_HOURS_MAX = 6;

export const SUSPENSION_DEFAULT_MONTHS = 1;
export const SUSPENSION_MIN_MONTHS = 1;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const COPYRIGHT_YEAR = 2024;
export const QR_LEVEL = 'L';
export const QR_SIZE = 128;

/** Minors are people under this age (docs/design.md §5). */
export const ADULT_AGE = 18;

/** A minor of this age or more adds their own tickets to the wallet (ΚΥΑ 568/2024); younger, a guardian does. */
export const SELF_CLAIM_MIN_AGE = 15;

/**
 * Wrong claim codes (docs/design.md §10): at most this many in CLAIM_ATTEMPT_WINDOW_MINUTES per person,
 * and CLAIM_ADDRESS_ATTEMPTS_MAX per address; the next wrong one is refused (CLAIM_ATTEMPTS_EXCEEDED,
 * with Retry-After) until the window has passed. A right code is never refused by them, and there is
 * no count per ticket: its code is printed and sequential, so anyone could spend a buyer's allowance.
 */
export const CLAIM_ATTEMPTS_MAX = 5;
/** More than a person's: an address is shared by a household, an office, a mobile carrier's NAT. */
export const CLAIM_ADDRESS_ATTEMPTS_MAX = 20;
export const CLAIM_ATTEMPT_WINDOW_MINUTES = 15;

export const TIME_ZONE = 'Europe/Athens';
export const LOCALE = 'el-GR';

/** The request-id header sent on every API call (docs/product-spec.md §7). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

export const ROLES = ['OFFICER', 'STANDARD_USER'] as const;
export type Role = (typeof ROLES)[number];

/** The two route families of docs/product-spec.md §2. */
export const ROUTE_BASES = ['/tickets', '/ticket-office'] as const;
export type RouteBase = (typeof ROUTE_BASES)[number];

/** Server paths the client navigates to (not fetched). */
export const LOGIN_PATH = '/oauth2/authorization/taxis';
export const LOGIN_CALLBACK_PATH = '/login/oauth2/code/taxis';

/**
 * Companion declaration statuses. The spec's client shows PENDING and ACCEPTED; the rest are
 * where a declaration ends: the companion declined, the guardian cancelled, or it was replaced
 * by a change of companion.
 */
export const DECLARATION_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED', 'REPLACED'] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

/** The seven choices behind "residence permit" (docs/product-spec.md §5), the first the default. */
export const RESIDENCE_PERMIT_TYPES = [
  'VIGNETTE',
  'RESIDENCE_PERMIT',
  'CERTIFICATE_APPLICATION',
  'RESIDENCE_PERMIT_PERMANENT',
  'RESIDENCE_PERMIT_SPECIAL',
  'STANDALONE_DOCUMENT',
  'ELECTRONIC_APPLICATION',
] as const;

/** Document types of docs/product-spec.md §3 (labels in documentTypeLabels). */
export const DOCUMENT_TYPES = ['PASSPORT', 'NATIONAL_ID', 'FOREIGN_ID', ...RESIDENCE_PERMIT_TYPES] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Foreigners identify with a passport, a foreign ID or a residence permit. */
export const FOREIGNER_DOCUMENT_TYPES = ['PASSPORT', 'FOREIGN_ID', ...RESIDENCE_PERMIT_TYPES] as const;
/** Over-67 Greek fans: passport or national identity card. */
export const CITIZEN_DOCUMENT_TYPES = ['PASSPORT', 'NATIONAL_ID'] as const;

/** The two kinds of fan the ticket-info form serves (its `user` query parameter). */
export const TICKET_USER_KINDS = ['foreigner', 'over-67'] as const;
export type TicketUserKind = (typeof TICKET_USER_KINDS)[number];

export const DISPLAY_MODES = ['QR', 'BARCODE'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

/** Names as written on the document: Latin for foreigners, Greek otherwise (docs/product-spec.md §5). */
export const LATIN_NAME_PATTERN = /^[A-Za-z .'`-]+$/;
export const GREEK_NAME_PATTERN = /^[\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03CE .'`\u00A8-]+$/;
/** Document numbers: upper-case Latin or Greek capitals, digits and hyphen (docs/product-spec.md §5). */
export const DOCUMENT_ID_PATTERN = /^[A-Z\u0391-\u03A10-9\u03A3-\u03A9-]+$/;
export const NAME_MAX_LENGTH = 100;
export const DOCUMENT_ID_MAX_LENGTH = 30;

/** The largest value a PostgreSQL `integer` column holds: a larger number would fail the write. */
export const INT4_MAX = 2_147_483_647;

/** How long a match is taken to last, for "revert after the event" (minToAutoRevertTransferredTicket = 0). */
export const EVENT_DURATION_MINUTES = 180;

/** The footer's links (docs/product-spec.md §2 "Shared chrome"): the Gov.gr Wallet's public pages. */
export const FOOTER_LINKS = {
  accessibility: 'https://wallet.gov.gr/accessibility',
  terms: 'https://wallet.gov.gr/terms',
  privacy: 'https://wallet.gov.gr/privacy',
} as const;

/**
 * Calls that name or un-name another person (companion, transfer recipient), per person: a family
 * arranging a season needs a handful; a loop probing who may be named is stopped.
 */
/**
 * Suspension pre-checks and searches one officer may make in an hour, together (a registry lookup
 * each): the default of the server's SUSPENSION_LOOKUPS_PER_HOUR.
 */
export const SUSPENSION_LOOKUPS_PER_HOUR = 60;
/**
 * Stats lookups one officer may make in an hour (each answers a holder's ΑΦΜ, audited and shown to
 * the citizen): the default of the server's STATS_LOOKUPS_PER_HOUR. A window looks up a few dozen
 * tickets an hour on a match day; a script harvesting holders is stopped.
 */
export const STATS_LOOKUPS_PER_HOUR = 200;
/**
 * A sweep of sequential codes: a stats lookup is refused once the officer looked up this many other
 * codes within LOOKUP_SWEEP_SPAN of it in the last hour. A family's tickets bought together are a few
 * neighbouring codes; 80 in a row are a harvest (issue #40).
 */
export const LOOKUP_SWEEP_CODES = 10;
export const LOOKUP_SWEEP_SPAN = 20;
/** The digits of a holder's ΑΜΚΑ a stats lookup shows (the last ones): enough to tell two people apart. */
export const AMKA_SHOWN_DIGITS = 4;

export const NAMING_LIMIT_MAX = 30;
export const NAMING_LIMIT_MINUTES = 15;

/** Gates open this long before kick-off: a scan earlier is refused (NOT_OPEN_YET). */
export const GATES_OPEN_MINUTES_BEFORE = 180;
/** A steward may undo an admission made in error for this long. */
export const ADMISSION_UNDO_MINUTES = 2;
/** From this age a minor enters alone; younger ones only with an accepted companion (the law). */
export const ENTERS_ALONE_FROM_AGE = 15;
/**
 * A wallet's gate code admits this many seconds either side of the time its phone signed
 * (docs/design.md §8: at most 60 s old; the other side forgives a phone's clock running ahead).
 */
export const WALLET_CODE_TOLERANCE_SECONDS = 60;
/**
 * Phone-key registrations (POST /api/wallet/tickets/{code}/device-key) in any 24 hours: at most this
 * many for one ticket, whoever registers, and this many by one person over all their tickets. Each
 * revokes a credential and changes the match's manifest; a phone is replaced a few times a season.
 */
export const DEVICE_KEYS_PER_TICKET_PER_DAY = 10;
export const DEVICE_KEYS_PER_PERSON_PER_DAY = 30;
/**
 * A match's offline manifest is read again from the database at most once in this many seconds, and
 * changes (as a new revision) at most that often, whatever changes arrive (a suspension, a reprint, a
 * phone registered); devices poll every MANIFEST_POLL_SECONDS, so a change reaches them within a
 * minute of being made (issue #27).
 */
export const MANIFEST_REBUILD_SECONDS = 30;
/**
 * A genuine wallet code that a device's manifest does not know, its credential issued no earlier than
 * this many seconds before the manifest's reading began (its `createdAt`), is taken to be newer than
 * the device's list (a phone registered since: issue #40 item 14), not a code the platform never
 * made. The margin covers the credential's time in whole seconds and the moment between a
 * registration's time and its commit; a credential issued earlier and missing is plainly unknown.
 */
export const NEWER_THAN_LIST_MARGIN_SECONDS = 5;
/** How often a gate device online asks for what changed in its manifest (a 304 or a small delta). */
export const MANIFEST_POLL_SECONDS = 30;
/**
 * A fixture starting within this many hours has its offline manifest made ready when a device of its
 * club lists the events (docs/design.md §8 "Ready before the gates open"): the gates open
 * GATES_OPEN_MINUTES_BEFORE kick-off, and the devices are switched on before them.
 */
export const MANIFEST_PREPARE_HOURS = 6;
/**
 * A delta carries at most this many changes (entries, revoked prints or credentials); a device further
 * behind gets the whole manifest. Some 200 bytes a change: about 1 MB at most, against 13 MB whole.
 */
export const GATE_MANIFEST_DELTA_MAX_CHANGES = 5000;
/**
 * A device's last contact is written to its row (gate_devices.last_contact_at) at most once in this
 * many seconds, whichever process it calls: the club's match-day view and the silence alert read it
 * there, and a scan pays no write of its own (issue #42 item 3).
 */
export const GATE_CONTACT_WRITE_SECONDS = 5;
/**
 * A device not heard from for this long is shown offline on the match-day view: four manifest polls
 * missed (MANIFEST_POLL_SECONDS), the silence alert's threshold too (deploy/prometheus/alerts.yml).
 */
export const GATE_DEVICE_OFFLINE_SECONDS = 120;
/** The most unsent records a device may report holding (GET /api/gate/manifest?unsent=): a sanity bound. */
export const GATE_UNSENT_MAX = 1_000_000;
/** The match-day view counts refusals in spans of this many minutes (entries, per minute). */
export const MATCH_DAY_REFUSAL_BUCKET_MINUTES = 5;
/** The match-day view asks again this often while shown. */
export const MATCH_DAY_REFRESH_SECONDS = 15;
/**
 * The match report's CSV separates its fields with a semicolon: Excel set to Greek (decimal comma)
 * splits a double-clicked CSV on its list separator, which there is the semicolon.
 */
export const MATCH_REPORT_CSV_SEPARATOR = ';';
/** A wallet shows a freshly signed gate code at least this often, well inside that tolerance. */
export const WALLET_CODE_REFRESH_SECONDS = 30;
/**
 * The longest code a gate accepts: a wallet's signed code is about 430 digits (470 at most, with every
 * number at its largest; docs/gate-codes.md), a paper QR about 180, a random code 16.
 */
export const GATE_CODE_MAX_LENGTH = 512;
/**
 * The header a gate device sends each scan with (POST /api/gate/admissions): a key of its own, one per
 * scan, the same on every retry of it, so a retry whose first answer was lost is answered with the
 * first decision (docs/design.md §8, "A scan is answered once").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/**
 * The largest record of an imported file (`npm run admin -- import`), in bytes: a CSV row or one JSON
 * event or ticket. A real row is a few hundred bytes; a larger one is a missing quote or a wrong file,
 * and refusing it as soon as it passes the limit keeps the command's memory flat whatever the file.
 */
export const IMPORT_RECORD_MAX_BYTES = 64 * 1024;
/** The longest idempotency key (a UUID is 36): letters, digits, '-' and '_' only. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;
/**
 * The most rows (admissions and refusals together) one offline upload carries (POST
 * /api/gate/admissions/batch): a device sends more in several uploads. Each row's code is verified
 * again on the server (one or two Ed25519 signatures, about 1.5 ms each), so 500 cost about a second.
 */
export const GATE_UPLOAD_MAX_ADMISSIONS = 500;
/**
 * How far ahead of the server's clock an uploaded admission's time may be (a device's clock running
 * fast): later than this, the time is not believed and nothing is recorded (RECORDED_IN_FUTURE).
 */
export const GATE_UPLOAD_CLOCK_SKEW_SECONDS = 120;
/**
 * A paired device's credential ends this long after the end of its club's match day (a match after
 * midnight included), or after its pairing or an officer's renewal when no match is left
 * (docs/design.md §8): a phone lost or stolen stops working the night of the match; the officer
 * renews it for the next.
 */
export const GATE_DEVICE_CREDENTIAL_MARGIN_HOURS = 3;
/**
 * A registered device's pairing token pairs only this long after it was shown to the officer (the
 * default of GATE_PAIRING_TOKEN_HOURS): one written down and never used was good for ever, for
 * whoever found it (issue 40). Past it, the office registers the device again for a new token.
 */
export const GATE_PAIRING_TOKEN_HOURS = 24;
/**
 * How often an open steward's screen asks for its credential's end again (a match added or moved
 * later that day moves it; nothing moves it past the day's last match and the margin).
 */
export const GATE_CREDENTIAL_RENEW_MINUTES = 60;
/** A gate device's label, as an officer names it ("Θύρα 7 - κινητό 2"). */
export const GATE_DEVICE_LABEL_MAX_LENGTH = 60;

/** The reason an officer gives for voiding an admission (audited): its length in characters. */
export const ADMISSION_VOID_REASON_MAX_LENGTH = 500;

/** The reason an officer gives for cancelling a match (audited, shown with it): its length in characters. */
export const EVENT_CANCELLATION_REASON_MAX_LENGTH = 500;

/**
 * A ticket as an SD-JWT VC over OpenID4VCI (docs/design.md §12). A credential offer's pre-authorized
 * code is good for this many minutes, once; its transaction code (given apart from the QR) has this
 * many digits, and the code is spent after this many wrong ones: a photographed QR alone takes nothing.
 */
export const CREDENTIAL_OFFER_MINUTES = 10;
export const CREDENTIAL_OFFER_TX_CODE_LENGTH = 6;
export const CREDENTIAL_OFFER_TX_CODE_ATTEMPTS = 3;
/**
 * The authorization code flow (issue #53 item 4): a wallet's pushed authorization request is good
 * for this many minutes (the person signs in with TaxisNet and chooses a ticket meanwhile), once; the
 * code it leads to, for this many seconds, once.
 */
export const WALLET_AUTHORIZATION_MINUTES = 10;
export const AUTHORIZATION_CODE_SECONDS = 60;
/** The access token the token endpoint answers: one credential, within this many seconds. */
export const ISSUANCE_ACCESS_TOKEN_SECONDS = 300;
/** A nonce from the nonce endpoint, for one key proof, within this many seconds. */
export const ISSUANCE_NONCE_SECONDS = 300;
/**
 * DPoP (RFC 9449, which HAIP 1.0 asks of EU wallets): the one signing algorithm of a proof; a proof's
 * `iat` at most this many seconds old, or this many ahead of the server's clock; and the server's
 * DPoP nonces, one a window of this many seconds, the current and the previous window's accepted.
 */
export const DPOP_SIGNING_ALGS = ['ES256'] as const;
export const DPOP_PROOF_MAX_AGE_SECONDS = 60;
export const DPOP_PROOF_CLOCK_SKEW_SECONDS = 30;
export const DPOP_NONCE_WINDOW_SECONDS = 300;
/**
 * A status list token may be cached this long (its `ttl`): a reprint or a suspension reaches a
 * verifier within it.
 */
export const STATUS_LIST_TTL_SECONDS = 60;
/**
 * Places in one status list, 1 bit each (128 KiB before compression, a few KiB after while few are
 * set). A credential's place is drawn at random (Token Status List §12.5.1) among them: two credentials
 * issued one after the other sit anywhere in their list, so an index tells nothing of when or in what
 * order a ticket was issued, nor who came next.
 */
export const STATUS_LIST_SIZE = 1_048_576;
/**
 * Credentials given places in one list, one place in 16: list `n` takes the credentials issued
 * `n`-th in blocks of this many, so a random draw finds a free place at once 15 times in 16.
 */
export const STATUS_LIST_CREDENTIALS = 65_536;
/**
 * The gate's OpenID4VP request (docs/design.md §12): a presentation answers it within this many
 * minutes, once; its key-binding JWT is fresh when issued at most this many seconds before it arrives
 * (and no more than the clock skew after).
 */
export const PRESENTATION_REQUEST_MINUTES = 5;
/**
 * Answers a request takes before it is spent unanswered: a verified presentation spends it at once,
 * a refused one does not until this many (anyone who sees the gate's QR may post to it, and one bad
 * answer from a stranger must not leave the fan's real one a 404).
 */
export const PRESENTATION_ANSWERS = 5;
/**
 * The platform's page a wallet opens after its answer reached the gate (the `redirect_uri` of the
 * response endpoint's answer, OpenID4VP 1.0 §8.2): it tells the fan the steward has it.
 */
export const PRESENTATION_SENT_PATH = '/tickets/presented';
/**
 * The platform's page an EU wallet opens in the authorization code flow (its `authorization_endpoint`,
 * issue #53 item 4): the person signs in and chooses which ticket the wallet gets.
 */
export const WALLET_AUTHORIZE_PATH = '/tickets/wallet-authorize';
export const PRESENTATION_KB_MAX_AGE_SECONDS = 300;
export const PRESENTATION_CLOCK_SKEW_SECONDS = 30;
/**
 * How often the steward's screen asks whether the wallet has answered its request: the fan stands at
 * the turnstile waiting, and one small read of a row costs the server next to nothing.
 */
export const PRESENTATION_POLL_SECONDS = 2;
