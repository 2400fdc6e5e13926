import { errorCatalogue, oauthErrorAnswer, type ErrorCode } from '@tickets/domain';
import type { RouteOptions } from 'fastify';
import { isCookieless } from '../../shared/guards';

/**
 * Which errors each operation can answer, for the OpenAPI document: those of its kind of caller and
 * of its input, worked out from the route (`config.access`, method, schemas, rate limits), and the
 * refusals of its own rules, listed below. Documentation only: the one error handler answers as it
 * always did (docs/design.md §4).
 */

/** Both ticket-office bindings are one service's (`issueTicket`), with its refusals. */
const TICKET_ISSUE_ERRORS: readonly ErrorCode[] = [
  'TICKET_NOT_FOUND',
  'TICKET_ALREADY_BOUND',
  'EVENT_STARTED',
  'PERSON_SUSPENDED',
  'ALREADY_HOLDS_FIXTURE',
  'PERSON_DOCUMENT_CHECK',
];

/** The refusals of each operation's own rules (its service's `AppError`s), by `METHOD url`. */
export const RULE_ERRORS: Record<string, readonly ErrorCode[]> = {
  // The production profile has no wallet stand-in.
  'GET /api/standin/wallet': ['NOT_FOUND'],
  'POST /api/tickets/dependents/declarations/indicate': [
    'DEPENDENT_NOT_FOUND',
    'MINOR_TICKET_NOT_FOUND',
    'EVENT_STARTED',
    'PERSON_CANNOT_BE_NAMED',
    'DECLARATION_EXISTS',
  ],
  'DELETE /api/tickets/dependents/declarations/:declarationId/cancel': [
    'DEPENDENT_NOT_FOUND',
    'DECLARATION_NOT_FOUND',
    'DECLARATION_NOT_PENDING',
  ],
  'POST /api/tickets/dependents/declarations/modify': [
    'DEPENDENT_NOT_FOUND',
    'DECLARATION_NOT_FOUND',
    'DECLARATION_NOT_ACCEPTED',
    'SAME_COMPANION',
    'EVENT_STARTED',
    'PERSON_CANNOT_BE_NAMED',
  ],
  'POST /api/wallet/companion-requests/:requestId/:answer': [
    'DECLARATION_NOT_FOUND',
    'DECLARATION_NOT_PENDING',
    'EVENT_STARTED',
    'COMPANION_SUSPENDED',
  ],
  'POST /api/wallet/tickets/:publicCode/transfers': [
    'TICKET_NOT_FOUND',
    'EVENT_NOT_FOUND',
    'TICKET_BLOCKED',
    'TRANSFER_NOT_ALLOWED',
    'FIXTURE_NOT_IN_SEASON',
    'FIXTURE_STARTED',
    'TRANSFER_NOT_ALLOWED_FOR_FIXTURE',
    'TRANSFER_CUTOFF_PASSED',
    'RECIPIENT_IS_HOLDER',
    'PERSON_CANNOT_BE_NAMED',
    'TRANSFER_LIMIT_REACHED',
    'TRANSFER_IN_PROGRESS',
  ],
  'POST /api/wallet/tickets': [
    'CLAIM_ATTEMPTS_EXCEEDED',
    'CLAIM_NOT_FOUND',
    'DEPENDENT_NOT_FOUND',
    'MINOR_CANNOT_ADD_TICKET',
    'EVENT_STARTED',
    'EVENT_OVER',
    'PERSON_SUSPENDED',
    'TICKET_ALREADY_IN_WALLET',
    'ALREADY_HOLDS_FIXTURE',
  ],
  'POST /api/wallet/tickets/:publicCode/credential-offer': ['TICKET_NOT_FOUND', 'TICKET_BLOCKED'],
  'POST /api/wallet/oid4vci/token': [
    'ISSUANCE_INVALID_DPOP_PROOF',
    'ISSUANCE_USE_DPOP_NONCE',
    'ISSUANCE_UNSUPPORTED_GRANT',
    'ISSUANCE_INVALID_GRANT',
    'ISSUANCE_INVALID_CLIENT',
  ],
  'POST /api/wallet/oid4vci/par': ['ISSUANCE_INVALID_CLIENT', 'ISSUANCE_INVALID_REQUEST'],
  'POST /api/wallet/authorizations/lookup': ['WALLET_AUTHORIZATION_NOT_FOUND'],
  'POST /api/wallet/authorizations/decision': [
    'WALLET_AUTHORIZATION_NOT_FOUND',
    'TICKET_NOT_FOUND',
    'TICKET_BLOCKED',
  ],
  'POST /api/wallet/oid4vci/credential': [
    'ISSUANCE_UNKNOWN_CONFIGURATION',
    'ISSUANCE_INVALID_PROOF',
    'ISSUANCE_INVALID_NONCE',
    'TICKET_NOT_FOUND',
    'TICKET_BLOCKED',
  ],
  'POST /api/wallet/tickets/:publicCode/device-key': [
    'TICKET_NOT_FOUND',
    'TICKET_BLOCKED',
    'DEVICE_KEY_LIMIT',
  ],
  'POST /api/wallet/transfers/:transferId/:answer': [
    'TRANSFER_NOT_FOUND',
    'TRANSFER_NOT_PENDING',
    'TRANSFER_HOLDER_CHANGED',
    'FIXTURE_STARTED',
    'TRANSFER_CUTOFF_PASSED',
    'RECIPIENT_SUSPENDED',
  ],
  'POST /api/ticket-office/identify': TICKET_ISSUE_ERRORS,
  'POST /api/ticket-office/personalize': TICKET_ISSUE_ERRORS,
  'POST /api/stats/ticket': ['TICKET_NOT_FOUND'],
  'PUT /api/ticket-office/transfer-events': ['EVENT_NOT_FOUND'],
  'POST /api/ticket-office/events/:eventId/cancellation': [
    'EVENT_NOT_FOUND',
    'EVENT_ALREADY_CANCELLED',
    'EVENT_OVER_NOT_CANCELLABLE',
  ],
  'POST /api/blackList-administration/info': ['SUSPENSION_LOOKUP_LIMIT'],
  'POST /api/blackList-administration/search': ['SUSPENSION_LOOKUP_LIMIT'],
  'PUT /api/blackList-administration/delete/:id': [
    'SUSPENSION_NOT_FOUND',
    'SUSPENSION_OTHER_ORGANISATION',
    'SUSPENSION_MISMATCH',
  ],
  'GET /api/providers/tickets/:publicCode/status': ['TICKET_NOT_FOUND', 'EVENT_NOT_FOUND'],
  'POST /api/ticket-office/gate-devices': ['ORGANISATION_REQUIRED', 'ORGANISATION_NOT_FOUND'],
  'DELETE /api/ticket-office/gate-devices/:deviceId': ['GATE_DEVICE_NOT_FOUND'],
  'POST /api/ticket-office/gate-devices/:deviceId/renewal': ['GATE_DEVICE_NOT_FOUND'],
  'GET /api/ticket-office/gate-counts': ['EVENT_NOT_FOUND'],
  'GET /api/ticket-office/gate-match-day': ['EVENT_NOT_FOUND'],
  'GET /api/ticket-office/gate-report': ['EVENT_NOT_FOUND', 'MATCH_REPORT_NOT_READY'],
  'GET /api/ticket-office/gate-admissions': ['ADMISSION_NOT_LIVE'],
  'POST /api/ticket-office/gate-admissions/void': ['ADMISSION_NOT_LIVE'],
  'POST /api/gate/pairing': ['GATE_PAIRING_TOKEN_EXPIRED', 'GATE_DEVICE_ALREADY_PAIRED'],
  'POST /api/gate/admissions': ['EVENT_NOT_FOUND'],
  'GET /api/gate/manifest': ['EVENT_NOT_FOUND', 'EVENT_CANCELLED'],
  'POST /api/gate/admissions/batch': ['EVENT_NOT_FOUND'],
  'DELETE /api/gate/admissions/:admissionId': ['ADMISSION_NOT_FOUND', 'ADMISSION_UNDO_EXPIRED'],
  'GET /api/wallet/oid4vci/status-lists/:listId': ['NOT_FOUND'],
};

const knownErrors: Record<string, { status: number; description: string }> = errorCatalogue;

/** What each status means, for the response's description; the codes follow it. */
const STATUS_MEANING: Record<number, string> = {
  400: 'The request is not valid',
  401: 'The caller is not authenticated',
  403: 'The caller may not do this',
  404: 'Not found',
  409: 'In conflict with the current state',
  413: 'The body is too large',
  415: 'The body is not JSON',
  422: 'Refused by a rule',
  429: 'Too many requests; try again later',
  500: 'Internal error',
  503: 'Busy (the embedded database), or the database unreachable for a moment; try again after Retry-After',
};

/** The errors an /api route can answer, in the order a client would meet them. */
export function errorCodesOf(route: RouteOptions, method: string): string[] {
  const access = route.config?.access;
  const schema = route.schema ?? {};
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  // An EU wallet (OpenID4VCI) sends no cookie either: no same-origin rule (docs/design.md §12).
  const bearer = isCookieless(access);
  const codes: string[] = [];
  // Providers: a wrong key, and too many of them from one address or key prefix (features/providers/routes.ts).
  if (access === 'provider') codes.push('RATE_LIMITED', 'PROVIDER_UNAUTHENTICATED');
  if (access === 'device') codes.push('GATE_DEVICE_UNAUTHENTICATED');
  // A token, and for a DPoP token its proof (eu-wallet/issuer/issuance-access.ts).
  if (route.config?.issuanceAccessToken)
    codes.push(
      'ISSUANCE_INVALID_TOKEN',
      'ISSUANCE_TOKEN_INVALID_DPOP_PROOF',
      'ISSUANCE_TOKEN_USE_DPOP_NONCE',
    );
  // Same-origin JSON for any state-changing call that is not made with a bearer token (docs/design.md §3).
  if (write && !bearer) codes.push('CROSS_ORIGIN_FORBIDDEN');
  if (access === 'user' || access === 'officer') codes.push('UNAUTHENTICATED');
  if (access === 'officer') codes.push('FORBIDDEN');
  if (write) codes.push('UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'MALFORMED_JSON');
  if (write || schema.body || schema.querystring || schema.params) codes.push('VALIDATION_ERROR');
  if (route.config?.rateLimit || route.config?.namesAPerson) codes.push('RATE_LIMITED');
  codes.push(...(RULE_ERRORS[`${method} ${route.url}`] ?? []), 'INTERNAL_ERROR');
  // On the embedded database every /api request takes a turn, and is refused when none comes soon.
  codes.push('SERVICE_BUSY');
  // On PostgreSQL, while the database cannot be reached (a restart, a failover): db/outage.ts.
  codes.push('SERVICE_UNAVAILABLE');
  return [...new Set(codes)];
}

/** The three shapes an error travels in (docs/design.md §4, §12), as schema components. */
export type ErrorShape = 'ErrorEnvelope' | 'SuspensionError' | 'OAuthError';

/** Where an EU wallet speaks OpenID4VCI: OAuth's errors (`eu-wallet/issuer/issuance.routes.ts`). */
export const OAUTH_PATHS = '/api/wallet/oid4vci/';

export const errorShapeOf = (url: string): ErrorShape =>
  url.startsWith('/api/blackList-administration/')
    ? 'SuspensionError'
    : url.startsWith(OAUTH_PATHS)
      ? 'OAuthError'
      : 'ErrorEnvelope';

/** The name of the example component of `code` in `shape`. */
export const exampleName = (shape: ErrorShape, code: string) =>
  shape === 'ErrorEnvelope' ? code : shape === 'OAuthError' ? `oauth.${code}` : `suspensions.${code}`;

/** The example of one code in one shape: the catalogue's Greek description, OAuth's in English. */
export function errorExample(shape: ErrorShape, code: string) {
  const known = knownErrors[code];
  if (!known) throw new Error(`${code} is not in the error catalogue`);
  const value =
    shape === 'ErrorEnvelope'
      ? { exceptions: { errors: [{ code, description: known.description }] } }
      : shape === 'OAuthError'
        ? oauthErrorAnswer(code, known.status, false)
        : { error: known.description };
  return { summary: `${code} (${known.status})`, value };
}

/** The responses of one operation for its codes, grouped by status, each referring to the shared schema. */
export function errorResponses(shape: ErrorShape, codes: string[]) {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = knownErrors[code]?.status;
    if (status === undefined) throw new Error(`${code} is not in the error catalogue`);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: `${STATUS_MEANING[status] ?? 'Error'}: ${statusCodes.map((code) => `\`${code}\``).join(', ')}.`,
          content: {
            'application/json': {
              schema: { $ref: `#/components/schemas/${shape}` },
              examples: Object.fromEntries(
                statusCodes.map((code) => [
                  code,
                  { $ref: `#/components/examples/${exampleName(shape, code)}` },
                ]),
              ),
            },
          },
        },
      ]),
  );
}
