import { z } from 'zod';
import { strictPayload, ticketCodeField } from './fields';
import { walletTicketSchema } from './transfers';

/**
 * A ticket as an SD-JWT VC, issued to an EU wallet over OpenID for Verifiable Credential Issuance 1.0
 * (docs/design.md §12). The wire names are the specifications' (snake_case, `pre-authorized_code`):
 * a wallet written by anyone sends them, so they stay as they are.
 */

/** The grant a credential offer carries (OpenID4VCI 1.0 §4.1.1). */
export const PRE_AUTHORIZED_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
/** The grant of the authorization code flow (RFC 6749 §4.1), which a wallet starts with PAR. */
export const AUTHORIZATION_CODE_GRANT = 'authorization_code';
/** The one credential configuration the platform issues: a ticket in SD-JWT VC (`dc+sd-jwt`). */
export const TICKET_CREDENTIAL_CONFIGURATION_ID = 'ticket_dc_sd_jwt';
export const SD_JWT_VC_FORMAT = 'dc+sd-jwt';

/**
 * What `POST /api/wallet/tickets/{publicCode}/credential-offer` answers: the offer as an
 * `openid-credential-offer://` link (its QR is what the wallet scans) and the transaction code, shown
 * apart from the QR, that the wallet asks the person to type.
 */
export const credentialOfferSchema = z.object({
  offerUri: z.string(),
  /** The same offer by HAIP's `haip://`, which EU wallets must open (HAIP 1.0 §4). */
  haipOfferUri: z.string(),
  txCode: z.string(),
});
export type CredentialOfferResponse = z.infer<typeof credentialOfferSchema>;

/**
 * The token request (RFC 6749 §3.2, a form): the pre-authorized code and the transaction code, or the
 * authorization code with its PKCE verifier (RFC 7636), redirect URI and client. Other parameters a
 * wallet may add (`authorization_details`) are ignored, as OAuth asks.
 */
export const issuanceTokenRequestSchema = z.object({
  grant_type: z.string().min(1).max(200),
  'pre-authorized_code': z.string().min(1).max(200).optional(),
  tx_code: z.string().max(100).optional(),
  code: z.string().min(1).max(200).optional(),
  code_verifier: z.string().min(1).max(200).optional(),
  redirect_uri: z.string().min(1).max(2000).optional(),
  client_id: z.string().min(1).max(500).optional(),
});
export type IssuanceTokenRequest = z.infer<typeof issuanceTokenRequestSchema>;

/**
 * The token response (RFC 6749 §5.1): a `DPoP` token (RFC 9449 §5) when the request carried a DPoP
 * proof, bound to its key, else a `Bearer` token.
 */
export const issuanceTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.enum(['Bearer', 'DPoP']),
  expires_in: z.number().int(),
});

/**
 * A pushed authorization request (RFC 9126 §2.1, a form), as HAIP 1.0 asks: the code flow with PKCE
 * `S256`, the credential asked for by `scope` (its configuration's) or `authorization_details`
 * (RFC 9396, `openid_credential`). Checked further by the service (eu-wallet/issuer/authorization.service.ts).
 */
export const pushedAuthorizationRequestSchema = z.object({
  response_type: z.string().min(1).max(100),
  client_id: z.string().min(1).max(500),
  redirect_uri: z.string().min(1).max(2000),
  code_challenge: z.string().min(1).max(200).optional(),
  code_challenge_method: z.string().min(1).max(20).optional(),
  scope: z.string().min(1).max(1000).optional(),
  authorization_details: z.string().min(1).max(4000).optional(),
  state: z.string().min(1).max(1000).optional(),
  issuer_state: z.string().min(1).max(1000).optional(),
});
export type PushedAuthorizationRequest = z.infer<typeof pushedAuthorizationRequestSchema>;

/** The PAR endpoint's answer (RFC 9126 §2.2): the request's reference, good for `expires_in` seconds. */
export const pushedAuthorizationResponseSchema = z.object({
  request_uri: z.string(),
  expires_in: z.number().int(),
});

/** The nonce endpoint's answer (OpenID4VCI 1.0 §7.2): a fresh `c_nonce` for one key proof. */
export const issuanceNonceResponseSchema = z.object({ c_nonce: z.string() });

/**
 * A key proof, a compact JWT. Room for a key attestation in a `jwt` proof's header, with its wallet
 * provider's certificate chain in its own (base64 twice over).
 */
const keyProof = z.array(z.string().min(1).max(32_768)).min(1).max(1);

/**
 * The credential request (OpenID4VCI 1.0 §8.2): which configuration, and one key proof, a `jwt` proof
 * or an `attestation` (a key attestation, OpenID4VCI 1.0 Appendix F.3); the platform issues one
 * credential per offer, so a batch is refused.
 */
export const credentialRequestSchema = z.object({
  credential_configuration_id: z.string().min(1).max(200).optional(),
  credential_identifier: z.string().min(1).max(200).optional(),
  proofs: z.object({ jwt: keyProof.optional(), attestation: keyProof.optional() }).optional(),
});
export type CredentialRequest = z.infer<typeof credentialRequestSchema>;

/** The credential response (OpenID4VCI 1.0 §8.3): the SD-JWT VC, issued at once. */
export const credentialResponseSchema = z.object({
  credentials: z.array(z.object({ credential: z.string() })),
});

/** An OAuth error (RFC 6749 §5.2, OpenID4VCI 1.0 §8.3.1.2): what these endpoints answer instead of the envelope. */
export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

const localized = z.object({ locale: z.string(), name: z.string(), description: z.string().optional() });

/** SD-JWT VC type metadata (draft-ietf-oauth-sd-jwt-vc §6): the ticket `vct`'s names, in Greek and English. */
export const ticketTypeMetadataSchema = z.object({
  vct: z.string(),
  name: z.string(),
  description: z.string(),
  display: z.array(localized),
  claims: z.array(
    z.object({
      path: z.array(z.string()),
      display: z.array(z.object({ locale: z.string(), label: z.string() })),
      sd: z.enum(['always', 'allowed', 'never']),
    }),
  ),
});
export type TicketTypeMetadata = z.infer<typeof ticketTypeMetadataSchema>;

/** The OAuth and OpenID4VCI error codes of the platform's refusals on these endpoints (their wire names). */
const OAUTH_ERRORS: Record<string, string> = {
  ISSUANCE_INVALID_GRANT: 'invalid_grant',
  ISSUANCE_UNSUPPORTED_GRANT: 'unsupported_grant_type',
  ISSUANCE_INVALID_TOKEN: 'invalid_token',
  ISSUANCE_INVALID_CLIENT: 'invalid_client',
  ISSUANCE_INVALID_PROOF: 'invalid_proof',
  ISSUANCE_INVALID_NONCE: 'invalid_nonce',
  ISSUANCE_INVALID_DPOP_PROOF: 'invalid_dpop_proof',
  ISSUANCE_USE_DPOP_NONCE: 'use_dpop_nonce',
  ISSUANCE_TOKEN_INVALID_DPOP_PROOF: 'invalid_dpop_proof',
  ISSUANCE_TOKEN_USE_DPOP_NONCE: 'use_dpop_nonce',
  ISSUANCE_UNKNOWN_CONFIGURATION: 'unknown_credential_configuration',
  TICKET_NOT_FOUND: 'invalid_credential_request',
  TICKET_BLOCKED: 'invalid_credential_request',
  SERVICE_BUSY: 'temporarily_unavailable',
  SERVICE_UNAVAILABLE: 'temporarily_unavailable',
};

/**
 * The `error` an OAuth client reads for one of the platform's codes: its own where it has one, else
 * `invalid_request` (the credential endpoint's `invalid_credential_request`) for a bad request and
 * `server_error` for the platform's fault.
 */
export function oauthErrorOf(code: string, status: number, credentialEndpoint: boolean): string {
  const known = OAUTH_ERRORS[code];
  if (known) return known;
  if (status >= 500) return 'server_error';
  return credentialEndpoint ? 'invalid_credential_request' : 'invalid_request';
}

/**
 * The characters an `error_description` may hold (RFC 6749 §5.2: printable ASCII but `"` and `\`). A
 * wallet from anywhere in the EU reads it, its developers and logs too, so the Greek sentences stay in
 * the platform's own API and the wallet-facing endpoints say it in English.
 */
export const OAUTH_DESCRIPTION = /^[\x20\x21\x23-\x5b\x5d-\x7e]+$/;

/** What a refusal with a code of its own tells a wallet, beyond its `error`. */
const OAUTH_DESCRIPTIONS: Record<string, string> = {
  ISSUANCE_INVALID_REQUEST:
    'The authorization request is malformed: it needs response_type code, PKCE S256, a redirect_uri without fragment, and the ticket scope or authorization_details.',
  ISSUANCE_INVALID_GRANT: 'The code, its transaction code or its PKCE verifier is wrong, spent or expired.',
  ISSUANCE_UNSUPPORTED_GRANT:
    'The grant type is not supported: only the pre-authorized code and the authorization code are.',
  ISSUANCE_INVALID_TOKEN: 'The access token is missing, wrong, spent or expired.',
  ISSUANCE_INVALID_CLIENT:
    'The wallet attestation or its proof of possession is missing, malformed, expired or not from a trusted wallet provider.',
  ISSUANCE_INVALID_PROOF: 'The key proof is missing, malformed or does not verify.',
  ISSUANCE_INVALID_NONCE: 'The key proof does not carry a fresh c_nonce from the nonce endpoint.',
  ISSUANCE_INVALID_DPOP_PROOF:
    'The DPoP proof is missing (the authorization code grant requires one), malformed or does not verify for this request.',
  ISSUANCE_USE_DPOP_NONCE: 'The DPoP proof must carry the nonce of the DPoP-Nonce header.',
  ISSUANCE_TOKEN_INVALID_DPOP_PROOF:
    'The DPoP proof is missing, malformed, does not verify for this request or is not by the key the access token is bound to.',
  ISSUANCE_TOKEN_USE_DPOP_NONCE: 'The DPoP proof must carry the nonce of the DPoP-Nonce header.',
  ISSUANCE_UNKNOWN_CONFIGURATION: 'The credential configuration is not one this issuer offers.',
  TICKET_NOT_FOUND: 'The ticket is not held by the person the offer was made to any more.',
  TICKET_BLOCKED: 'The ticket cannot be issued to this person now.',
  EVENT_NOT_FOUND: 'The event does not exist.',
  PRESENTATION_REQUEST_NOT_FOUND: 'The presentation request does not exist, was answered or has expired.',
  PRESENTATION_RESPONSE_INVALID: 'The response is malformed: it carries no vp_token for the request.',
  VALIDATION_ERROR: 'A parameter is missing or malformed.',
  MALFORMED_JSON: 'The body is not valid JSON.',
  RATE_LIMITED: 'Too many requests; try again later.',
  SERVICE_BUSY: 'The service is busy; try again after Retry-After.',
  SERVICE_UNAVAILABLE: 'The service is unavailable for a moment; try again after Retry-After.',
};

/** What the status says, for a code with no description of its own. */
const STATUS_DESCRIPTIONS: Record<number, string> = {
  401: 'The request is not authenticated.',
  403: 'The request is not allowed.',
  404: 'Not found.',
  413: 'The body is too large.',
  415: 'The body is not of a type this endpoint reads.',
};

/** An OAuth error answer (RFC 6749 §5.2) for one of the platform's codes. */
export function oauthErrorAnswer(code: string, status: number, credentialEndpoint: boolean) {
  return {
    error: oauthErrorOf(code, status, credentialEndpoint),
    error_description:
      OAUTH_DESCRIPTIONS[code] ??
      STATUS_DESCRIPTIONS[status] ??
      (status >= 500 ? 'The server could not answer; try again later.' : 'The request is not valid.'),
  };
}

/**
 * The platform's page for the authorization code flow (issue #53 item 4): the wallet's pushed request
 * it answers, by its `request_uri` and the wallet's `client_id` (both in the link the wallet opened).
 */
export const walletAuthorizationRefSchema = strictPayload({
  requestUri: z.string().min(1).max(300),
  clientId: z.string().min(1).max(500),
});

/** What the page shows: the wallet asking, and the tickets the person may give it (not blocked). */
export const walletAuthorizationSchema = z.object({
  walletName: z.string(),
  tickets: z.array(walletTicketSchema),
  /** The ticket the person offered this wallet on the site (the offer's `issuer_state`), shown chosen. */
  offered: z.string().nullable(),
});
export type WalletAuthorization = z.infer<typeof walletAuthorizationSchema>;

/** The person's choice: this ticket goes to the wallet (or, with none, none: the request is refused). */
export const walletAuthorizationDecisionSchema = strictPayload({
  requestUri: z.string().min(1).max(300),
  clientId: z.string().min(1).max(500),
  publicCode: ticketCodeField.optional(),
});
export type WalletAuthorizationDecision = z.infer<typeof walletAuthorizationDecisionSchema>;

/** Where the browser goes next: the wallet's redirect URI, with the code (or `access_denied`). */
export const walletAuthorizationRedirectSchema = z.object({ redirectTo: z.string() });
