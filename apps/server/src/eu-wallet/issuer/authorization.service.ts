import { createHash, randomBytes } from 'node:crypto';
import {
  AUTHORIZATION_CODE_SECONDS,
  TICKET_CREDENTIAL_CONFIGURATION_ID,
  WALLET_AUTHORIZATION_MINUTES,
  type IssuanceTokenRequest,
  type PushedAuthorizationRequest,
  type WalletAuthorization,
  type WalletAuthorizationDecision,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { Actor } from '../../shared/guards';
import type { EuWalletPorts } from '../ports';
import { digestOf, insertCodeForTicket } from './credential-offers.service';
import {
  decideWalletAuthorization,
  findOpenWalletAuthorization,
  findOfferByIssuerState,
  findRedeemableCode,
  insertWalletAuthorization,
} from './issuance.queries';

/**
 * OAuth 2.0's authorization code flow as HAIP 1.0 asks it of an OpenID4VCI issuer (docs/design.md
 * §12): the wallet pushes its request (PAR, RFC 9126) authenticated by its wallet attestation, with a
 * PKCE `S256` challenge (RFC 7636); it opens the platform's page with the `request_uri` it got; the
 * person, signed in with TaxisNet, chooses one of the tickets they carry; the page sends the browser
 * back to the wallet with a code, which the wallet redeems at the token endpoint with its verifier.
 * The code is a `credential_offers` row like an offer's, so the credential endpoint issues from it
 * alike. Every step is a row: any process answers any of them.
 */

/** RFC 9126 §2.2: the reference a PAR answer gives, which the authorization request then carries. */
const REQUEST_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';

/** A PKCE `S256` challenge: the base64url SHA-256 of the verifier, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** The request asks for the ticket: by its configuration's `scope`, or by `authorization_details`. */
function asksForTicket(request: PushedAuthorizationRequest): boolean {
  if (request.scope?.split(' ').includes(TICKET_CREDENTIAL_CONFIGURATION_ID)) return true;
  if (request.authorization_details === undefined) return false;
  let details: unknown;
  try {
    details = JSON.parse(request.authorization_details);
  } catch {
    return false;
  }
  return (
    Array.isArray(details) &&
    details.some(
      (detail: { type?: unknown; credential_configuration_id?: unknown }) =>
        detail.type === 'openid_credential' &&
        detail.credential_configuration_id === TICKET_CREDENTIAL_CONFIGURATION_ID,
    )
  );
}

/** A redirect URI a code may go to: absolute, without a fragment (RFC 6749 §3.1.2). */
function isRedirectUri(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const parsed = new URL(uri);
  return parsed.hash === '' && !uri.includes('#') && parsed.protocol !== 'javascript:';
}

/**
 * The PAR endpoint: the request checked and kept (WALLET_AUTHORIZATION_MINUTES), answered with its
 * `request_uri`. `client` is who the wallet attestation says the caller is: the request's `client_id`
 * must be it.
 */
export async function pushAuthorizationRequest(
  db: Db,
  request: PushedAuthorizationRequest,
  client: { clientId: string; walletName: string },
  requestId: string,
) {
  if (request.client_id !== client.clientId) throw new AppError('ISSUANCE_INVALID_CLIENT');
  if (
    request.response_type !== 'code' ||
    request.code_challenge_method !== 'S256' ||
    !S256_CHALLENGE.test(request.code_challenge ?? '') ||
    !isRedirectUri(request.redirect_uri) ||
    !asksForTicket(request)
  )
    throw new AppError('ISSUANCE_INVALID_REQUEST');
  const reference = randomBytes(32).toString('base64url');
  const row = await insertWalletAuthorization(
    db,
    {
      requestUriHash: digestOf(reference),
      clientId: client.clientId,
      walletName: client.walletName,
      redirectUri: request.redirect_uri,
      codeChallenge: request.code_challenge ?? '',
      state: request.state ?? null,
      issuerStateHash: request.issuer_state === undefined ? null : digestOf(request.issuer_state),
    },
    WALLET_AUTHORIZATION_MINUTES,
  );
  await audit(db, {
    actor: 'eu-wallet',
    action: 'WALLET_AUTHORIZATION_REQUEST',
    subject: client.clientId,
    requestId,
    details: { authorizationId: row?.id, walletName: client.walletName },
  });
  return { request_uri: `${REQUEST_URI_PREFIX}${reference}`, expires_in: WALLET_AUTHORIZATION_MINUTES * 60 };
}

/** The open request a page's link names, or WALLET_AUTHORIZATION_NOT_FOUND. */
async function openAuthorization(db: Db, ref: { requestUri: string; clientId: string }) {
  const reference = ref.requestUri.startsWith(REQUEST_URI_PREFIX)
    ? ref.requestUri.slice(REQUEST_URI_PREFIX.length)
    : undefined;
  const row = reference
    ? await findOpenWalletAuthorization(db, {
        requestUriHash: digestOf(reference),
        clientId: ref.clientId,
      })
    : undefined;
  if (!row) throw new AppError('WALLET_AUTHORIZATION_NOT_FOUND');
  return row;
}

/** What the page shows the signed-in person: the wallet asking, and the tickets they may give it. */
export async function walletAuthorizationFor(
  db: Db,
  ref: { requestUri: string; clientId: string },
  actor: Actor,
  ports: Pick<EuWalletPorts, 'walletTickets'>,
): Promise<WalletAuthorization> {
  const row = await openAuthorization(db, ref);
  const tickets = (await ports.walletTickets(db, actor.user.afm)).filter((ticket) => !ticket.blocked);
  // The ticket of the offer the wallet started from, when this person made it and still carries it.
  const offer = row.issuerStateHash
    ? await findOfferByIssuerState(db, { issuerStateHash: row.issuerStateHash, issuedTo: actor.user.afm })
    : undefined;
  const offered = tickets.find((ticket) => ticket.publicCode === offer?.publicCode)?.publicCode ?? null;
  return { walletName: row.walletName, tickets, offered };
}

/**
 * The person's decision: a ticket they carry goes to the wallet as an authorization code (good
 * AUTHORIZATION_CODE_SECONDS, once), or none (`access_denied`). Either way the request is decided, once,
 * and the browser goes back to the wallet's redirect URI with the request's `state` and the issuer
 * (`iss`, RFC 9207: the wallet knows which server answered).
 */
export async function decideWalletAuthorizationRequest(
  db: Db,
  decision: WalletAuthorizationDecision,
  actor: Actor,
  issuer: string,
  ports: Pick<EuWalletPorts, 'walletTickets'>,
): Promise<{ redirectTo: string }> {
  const row = await openAuthorization(db, decision);
  const redirect = new URL(row.redirectUri);
  const decide = async (tx: Pick<Db, 'update'>) => {
    if (!(await decideWalletAuthorization(tx, row.id))) throw new AppError('WALLET_AUTHORIZATION_NOT_FOUND');
  };
  if (decision.publicCode === undefined) {
    await db.transaction(async (tx) => {
      await decide(tx);
      await audit(tx, {
        actor: actor.user.afm,
        action: 'WALLET_AUTHORIZATION_REFUSED',
        subject: row.clientId,
        requestId: actor.requestId,
        details: { authorizationId: row.id },
      });
    });
    redirect.searchParams.set('error', 'access_denied');
  } else {
    const code = randomBytes(32).toString('base64url');
    await insertCodeForTicket(
      db,
      {
        actor,
        publicCode: decision.publicCode,
        seconds: AUTHORIZATION_CODE_SECONDS,
        action: 'WALLET_AUTHORIZATION_CODE',
        codeRow: () => ({
          codeHash: digestOf(code),
          txCodeHash: null,
          clientId: row.clientId,
          redirectUri: row.redirectUri,
          codeChallenge: row.codeChallenge,
        }),
      },
      ports,
      decide,
    );
    redirect.searchParams.set('code', code);
  }
  if (row.state !== null) redirect.searchParams.set('state', row.state);
  redirect.searchParams.set('iss', issuer);
  return { redirectTo: redirect.href };
}

/**
 * The token endpoint's authorization code grant: the code, once, by the client it was given to, to the
 * redirect URI it went to, with the PKCE verifier of its challenge. Any mismatch answers as a wrong
 * code does (`invalid_grant`). The offer row it is then redeems as an offer's code does.
 */
export async function checkAuthorizationCode(
  db: Db,
  request: IssuanceTokenRequest,
  client: { clientId: string },
) {
  const { code, code_verifier: verifier, redirect_uri: redirectUri } = request;
  if (!code || !verifier || !redirectUri) throw new AppError('VALIDATION_ERROR');
  const found = await findRedeemableCode(db, digestOf(code));
  if (
    !found ||
    found.codeChallenge === null ||
    found.clientId !== client.clientId ||
    (request.client_id !== undefined && request.client_id !== client.clientId) ||
    found.redirectUri !== redirectUri ||
    found.codeChallenge !== s256(verifier)
  )
    throw new AppError('ISSUANCE_INVALID_GRANT');
  return found;
}
