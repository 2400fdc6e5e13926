import {
  credentialIssuanceMessages as text,
  DPOP_SIGNING_ALGS,
  AUTHORIZATION_CODE_GRANT,
  PRE_AUTHORIZED_CODE_GRANT,
  SD_JWT_VC_FORMAT,
  TICKET_CREDENTIAL_CONFIGURATION_ID,
  WALLET_AUTHORIZE_PATH,
  type TicketTypeMetadata,
} from '@tickets/domain';
import type { Config } from '../../config';
import { statusListPath, ticketVct, TICKET_TYPE_PATH } from '../status/credential-status';
import { WALLET_ATTESTATION_ALGORITHMS } from './wallet-attestations';

/**
 * What the platform publishes as an OpenID4VCI credential issuer (docs/design.md §12): the issuer
 * is the service's own origin, its own authorization server (for the pre-authorized code of an
 * offer, and for the authorization code flow a wallet starts itself, where the person signs in with
 * TaxisNet), and the signer of the ticket `vct`, whose type metadata it serves at the `vct` itself.
 */

export const ISSUANCE_PATHS = {
  token: '/api/wallet/oid4vci/token',
  par: '/api/wallet/oid4vci/par',
  nonce: '/api/wallet/oid4vci/nonce',
  credential: '/api/wallet/oid4vci/credential',
  ticketType: TICKET_TYPE_PATH,
  statusList: statusListPath,
} as const;

/** The claims of a ticket, each disclosed on its own (the paths a verifier's DCQL query names). */
const CLAIMS: { path: string[]; label: string }[] = [
  { path: ['ticket_code'], label: text.claims.ticket_code },
  { path: ['event'], label: text.claims.event },
  { path: ['event', 'description'], label: text.claims.event_description },
  { path: ['event', 'starts_at'], label: text.claims.event_starts_at },
  { path: ['event', 'venue'], label: text.claims.event_venue },
  { path: ['event', 'season'], label: text.claims.event_season },
  { path: ['seat'], label: text.claims.seat },
  { path: ['seat', 'sector'], label: text.claims.seat_sector },
  { path: ['seat', 'gate'], label: text.claims.seat_gate },
  { path: ['seat', 'row'], label: text.claims.seat_row },
  { path: ['seat', 'number'], label: text.claims.seat_number },
  { path: ['holder_name'], label: text.claims.holder_name },
  { path: ['under_15'], label: text.claims.under_15 },
];
const LOCALE = 'el-GR';

/** The credential issuer metadata (OpenID4VCI 1.0 §12.2), at `/.well-known/openid-credential-issuer`. */
export function credentialIssuerMetadata(issuer: string) {
  return {
    credential_issuer: issuer,
    credential_endpoint: `${issuer}${ISSUANCE_PATHS.credential}`,
    nonce_endpoint: `${issuer}${ISSUANCE_PATHS.nonce}`,
    display: [{ name: text.issuerName, locale: LOCALE }],
    credential_configurations_supported: {
      [TICKET_CREDENTIAL_CONFIGURATION_ID]: {
        format: SD_JWT_VC_FORMAT,
        vct: ticketVct(issuer),
        scope: TICKET_CREDENTIAL_CONFIGURATION_ID,
        cryptographic_binding_methods_supported: ['jwk'],
        credential_signing_alg_values_supported: ['ES256'],
        // Both proof types HAIP 1.0 has a wallet use, a key attestation optional in each: without
        // `key_attestations_required` (OpenID4VCI 1.0 §12.2.4), a wallet with none is served too.
        proof_types_supported: {
          jwt: { proof_signing_alg_values_supported: ['ES256', 'EdDSA'] },
          attestation: { proof_signing_alg_values_supported: WALLET_ATTESTATION_ALGORITHMS },
        },
        credential_metadata: {
          display: [{ name: text.credentialName, description: text.credentialDescription, locale: LOCALE }],
          claims: CLAIMS.map(({ path, label }) => ({ path, display: [{ name: label, locale: LOCALE }] })),
        },
      },
    },
  };
}

/** The authorization server metadata (RFC 8414), at `/.well-known/oauth-authorization-server`. */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    token_endpoint: `${issuer}${ISSUANCE_PATHS.token}`,
    grant_types_supported: [PRE_AUTHORIZED_CODE_GRANT, AUTHORIZATION_CODE_GRANT],
    // The offer is the authorization: a wallet needs no client registration (OpenID4VCI 1.0 §12.3).
    'pre-authorized_grant_anonymous_access_supported': true,
    // The authorization code flow as HAIP 1.0 asks it (authorization.service.ts): pushed requests
    // only, PKCE S256, the wallet authenticated by its wallet attestation, the code's answer naming
    // this server (RFC 9207).
    authorization_endpoint: `${issuer}${WALLET_AUTHORIZE_PATH}`,
    pushed_authorization_request_endpoint: `${issuer}${ISSUANCE_PATHS.par}`,
    require_pushed_authorization_requests: true,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [TICKET_CREDENTIAL_CONFIGURATION_ID],
    token_endpoint_auth_methods_supported: ['attest_jwt_client_auth'],
    client_attestation_signing_alg_values_supported: ['ES256'],
    client_attestation_pop_signing_alg_values_supported: ['ES256'],
    authorization_response_iss_parameter_supported: true,
    // Access tokens bound to the wallet's key by DPoP, as HAIP 1.0 asks (docs/design.md §12, dpop.ts).
    dpop_signing_alg_values_supported: [...DPOP_SIGNING_ALGS],
  };
}

/** The JWT VC issuer metadata (SD-JWT VC §5), at `/.well-known/jwt-vc-issuer`: the keys a verifier checks. */
export function jwtVcIssuerMetadata(issuer: string, keys: Config['issuerKeys']) {
  return { issuer, jwks: { keys: keys.published } };
}

/** The ticket `vct`'s type metadata (SD-JWT VC §6), in Greek with the claims' labels. */
export function ticketTypeMetadata(issuer: string): TicketTypeMetadata {
  return {
    vct: ticketVct(issuer),
    name: text.credentialName,
    description: text.credentialDescription,
    display: [{ locale: LOCALE, name: text.credentialName, description: text.credentialDescription }],
    claims: CLAIMS.map(({ path, label }) => ({
      path,
      display: [{ locale: LOCALE, label }],
      sd: path.length === 1 ? 'always' : 'never',
    })),
  };
}
