/** Business constants of spec §9 and DESIGN.md §5: the one place each number lives. */

export const TICKET_CODE_LENGTH = 12;
export const AFM_LENGTH = 9;
export const AMKA_LENGTH = 11;

export const MAX_TRANSFERS_DEFAULT = 5;
export const MAX_TRANSFERS_MIN = 1;
export const TRANSFER_CUTOFF_HOURS_DEFAULT = 2;
export const TRANSFER_CUTOFF_HOURS_MIN = 1;
export const TRANSFER_CUTOFF_HOURS_MAX = 6;

export const SUSPENSION_DEFAULT_MONTHS = 1;
export const SUSPENSION_MIN_MONTHS = 1;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const COPYRIGHT_YEAR = 2024;
export const QR_LEVEL = 'L';
export const QR_SIZE = 128;

/** Minors are people under this age (DESIGN.md §5). */
export const ADULT_AGE = 18;

export const TIME_ZONE = 'Europe/Athens';
export const LOCALE = 'el-GR';

/** The request-id header sent on every API call (spec §7). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

export const ROLES = ['OFFICER', 'STANDARD_USER'] as const;
export type Role = (typeof ROLES)[number];

/** The two route families of spec §2. */
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
