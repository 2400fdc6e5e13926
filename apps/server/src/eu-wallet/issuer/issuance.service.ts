import { randomBytes, timingSafeEqual, type X509Certificate } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import {
  EVENT_DURATION_MINUTES,
  ISSUANCE_ACCESS_TOKEN_SECONDS,
  ISSUANCE_NONCE_SECONDS,
  PRE_AUTHORIZED_CODE_GRANT,
  TICKET_CREDENTIAL_CONFIGURATION_ID,
  whoEnters,
  type CredentialRequest,
  type IssuanceTokenRequest,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { IssuanceGrant } from '../../shared/guards';
import type { EuWalletPorts } from '../ports';
import { carriedTicket, digestOf, scopeEventOf, txCodeDigest } from './credential-offers.service';
import {
  countWrongTxCode,
  findCredentialFacts,
  findRedeemableCode,
  insertIssuedCredential,
  insertNonce,
  isOfferIssued,
  nextIssuedCredentialId,
  redeemOffer,
  spendNonce,
} from './issuance.queries';
import { ticketVct } from '../status/credential-status';
import { drawStatusNumber, statusPlaceOf } from '../status/status-places';
import { ISSUANCE_PATHS } from './issuer-metadata';
import { verifyKeyProof } from './key-proofs';
import { issueSdJwtVc, type IssuerSigner } from './sd-jwt-vc';

/**
 * The token, nonce and credential endpoints of OpenID4VCI 1.0's pre-authorized code flow
 * (docs/design.md §12). Every code, token and nonce is random, stored as a digest, good once and
 * briefly, and spent by one conditional statement: any process may answer any step.
 */

const randomToken = () => randomBytes(32).toString('base64url');

const sameDigest = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The token endpoint: the pre-authorized code and its transaction code for an access token. A wrong
 * transaction code is counted against the offer (CREDENTIAL_OFFER_TX_CODE_ATTEMPTS spend it), and a
 * wrong, spent, expired or used code answers alike (`invalid_grant`). With the thumbprint of a DPoP
 * proof's key (dpop.ts, checked by the route), the token is a DPoP token bound to that key; without,
 * a Bearer token.
 */
export async function redeemPreAuthorizedCode(
  db: Db,
  request: IssuanceTokenRequest,
  context: { requestId: string; dpopJkt?: string },
) {
  if (request.grant_type !== PRE_AUTHORIZED_CODE_GRANT) throw new AppError('ISSUANCE_UNSUPPORTED_GRANT');
  const code = request['pre-authorized_code'];
  if (!code) throw new AppError('VALIDATION_ERROR');
  const offer = await findRedeemableCode(db, digestOf(code));
  // An authorization code is redeemed by its own grant only (authorization.service.ts).
  if (!offer || offer.codeChallenge !== null) throw new AppError('ISSUANCE_INVALID_GRANT');
  const entry = { actor: offer.issuedTo, subject: offer.publicCode, requestId: context.requestId };
  if (
    request.tx_code === undefined ||
    offer.txCodeHash === null ||
    !sameDigest(txCodeDigest(offer.id, request.tx_code), offer.txCodeHash)
  ) {
    await db.transaction(async (tx) => {
      const counted = await countWrongTxCode(tx, offer.id);
      await audit(tx, {
        ...entry,
        action: 'CREDENTIAL_OFFER_TX_CODE_WRONG',
        details: { offerId: offer.id, failedAttempts: counted?.failedAttempts },
      });
    });
    throw new AppError('ISSUANCE_INVALID_GRANT');
  }
  return grantAccessToken(db, offer, context);
}

/**
 * The access token for an offer's code or an authorization code (`offer`), once: of two token requests
 * with the same code, on any processes, one is answered and the other refused. A DPoP token when the
 * request's proof gave a key's thumbprint, else a Bearer token.
 */
export async function grantAccessToken(
  db: Db,
  offer: { id: string; issuedTo: string; publicCode: string },
  { requestId, dpopJkt }: { requestId: string; dpopJkt?: string | undefined },
) {
  const accessToken = randomToken();
  await db.transaction(async (tx) => {
    const redeemed = await redeemOffer(tx, {
      offerId: offer.id,
      accessTokenHash: digestOf(accessToken),
      seconds: ISSUANCE_ACCESS_TOKEN_SECONDS,
      dpopJkt: dpopJkt ?? null,
    });
    if (!redeemed) throw new AppError('ISSUANCE_INVALID_GRANT');
    await audit(tx, {
      actor: offer.issuedTo,
      subject: offer.publicCode,
      requestId,
      action: 'CREDENTIAL_OFFER_REDEEM',
      details: { offerId: offer.id, dpop: dpopJkt !== undefined },
    });
  });
  return {
    access_token: accessToken,
    token_type: dpopJkt === undefined ? ('Bearer' as const) : ('DPoP' as const),
    expires_in: ISSUANCE_ACCESS_TOKEN_SECONDS,
  };
}

/** The nonce endpoint: a fresh nonce for one key proof, kept as a digest until spent or expired. */
export async function issueNonce(db: Db) {
  const nonce = randomToken();
  await insertNonce(db, digestOf(nonce), ISSUANCE_NONCE_SECONDS);
  return { c_nonce: nonce };
}

/** When an event is over (rules/events.ts says the same in SQL): the credential expires then. */
function endOf(event: { seasonal: boolean; startsAt: Date; endsAt: Date | null }): Date {
  if (event.seasonal) return event.endsAt ?? event.startsAt;
  return new Date(event.startsAt.getTime() + EVENT_DURATION_MINUTES * 60_000);
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Draws of a status list place before giving up: each finds a free one 15 times in 16. */
const STATUS_DRAWS = 8;

/**
 * The credential's row, at a place in its status list drawn at random (status/status-places.ts);
 * drawn again while the place is taken. None when the offer's one credential was issued meanwhile.
 */
async function insertAtRandomPlace(
  tx: Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>,
  credential: Omit<Parameters<typeof insertIssuedCredential>[1], 'id' | 'statusNumber'>,
) {
  const id = await nextIssuedCredentialId(tx);
  for (let draw = 0; draw < STATUS_DRAWS; draw += 1) {
    const statusNumber = drawStatusNumber(id);
    const row = await insertIssuedCredential(tx, { ...credential, id, statusNumber });
    if (row) return { id: row.id, statusNumber };
    if (await isOfferIssued(tx, credential.offerId)) return undefined;
  }
  throw new Error(`No free status list place for credential ${id} in ${STATUS_DRAWS} draws`);
}

/**
 * The credential endpoint: the ticket the offer was for, as the person still carries it, as an SD-JWT
 * VC bound to the key the wallet proved (`cnf`), with its place in a status list. Its claims are what
 * a steward needs, each disclosed on its own: the event, the seat, the ticket code, the holder's name
 * and whether they are under 15 — never an ΑΦΜ, ΑΜΚΑ or document number.
 */
export async function issueTicketCredential(
  db: Db,
  grant: IssuanceGrant,
  request: CredentialRequest,
  context: {
    issuer: string;
    signer: IssuerSigner;
    requestId: string;
    ports: Pick<EuWalletPorts, 'walletTickets'>;
    /** The wallet providers' roots a key attestation must lead to (WALLET_PROVIDER_TRUST_ANCHORS). */
    walletProviderAnchors: readonly X509Certificate[];
  },
) {
  if (request.credential_identifier !== undefined || request.credential_configuration_id === undefined)
    throw new AppError('VALIDATION_ERROR');
  if (request.credential_configuration_id !== TICKET_CREDENTIAL_CONFIGURATION_ID)
    throw new AppError('ISSUANCE_UNKNOWN_CONFIGURATION');
  const { jwk, nonce } = await verifyKeyProof(request.proofs, context.issuer, context.walletProviderAnchors);
  if (!(await spendNonce(db, digestOf(nonce)))) throw new AppError('ISSUANCE_INVALID_NONCE');

  const facts = await findCredentialFacts(db, grant.offerId);
  if (!facts) throw new AppError('ISSUANCE_INVALID_TOKEN');
  const { offer, ticket, event } = facts;
  // Issued for what the person carries now: a ticket rebound, blocked or past since the offer is refused.
  const carried = await carriedTicket(db, context.ports, offer.issuedTo, ticket.publicCode);
  if (scopeEventOf(carried) !== offer.scopeEventId) throw new AppError('TICKET_NOT_FOUND');
  const entrant = whoEnters({
    holder: { name: ticket.fullName, age: facts.holderAge, documentType: null, documentId: null },
    loan: offer.transferId === null ? null : { name: facts.loanName },
  });
  const expiresAt = endOf(event);
  const keyThumbprint = await calculateJwkThumbprint(jwk, 'sha256');

  return db.transaction(async (tx) => {
    const row = await insertAtRandomPlace(tx, {
      offerId: offer.id,
      ticketId: ticket.id,
      scopeEventId: offer.scopeEventId,
      transferId: offer.transferId,
      issuedTo: offer.issuedTo,
      holderAfm: ticket.holderAfm,
      holderAmka: ticket.holderAmka,
      codeSerial: ticket.codeSerial,
      keyThumbprint,
      expiresAt,
    });
    // The access token's one credential was issued meanwhile (a second request with it).
    if (!row) throw new AppError('ISSUANCE_INVALID_TOKEN');
    const place = statusPlaceOf(row.statusNumber);
    const credential = await issueSdJwtVc(
      {
        clear: {
          iss: context.issuer,
          iat: seconds(new Date()),
          exp: seconds(expiresAt),
          vct: ticketVct(context.issuer),
          cnf: { jwk },
          status: {
            status_list: {
              idx: place.index,
              uri: `${context.issuer}${ISSUANCE_PATHS.statusList(place.listId)}`,
            },
          },
        },
        disclosable: {
          ticket_code: ticket.publicCode,
          event: {
            description: event.description,
            starts_at: event.startsAt.toISOString(),
            venue: event.venue,
            season: event.seasonal,
          },
          seat: withoutNulls({
            sector: ticket.sector,
            gate: ticket.gate,
            row: ticket.row,
            number: ticket.seat,
          }),
          holder_name: entrant.shown.holderName ?? '',
          under_15: entrant.companionRequired,
        },
      },
      context.signer,
    );
    await audit(tx, {
      actor: offer.issuedTo,
      action: 'TICKET_CREDENTIAL_ISSUED',
      subject: ticket.publicCode,
      requestId: context.requestId,
      details: { credentialId: row.id, offerId: offer.id, eventId: offer.scopeEventId, keyThumbprint },
    });
    return { credentials: [{ credential }] };
  });
}

const withoutNulls = (fields: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
