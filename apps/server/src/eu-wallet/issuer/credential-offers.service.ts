import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  AUTHORIZATION_CODE_GRANT,
  CREDENTIAL_OFFER_MINUTES,
  CREDENTIAL_OFFER_TX_CODE_LENGTH,
  PRE_AUTHORIZED_CODE_GRANT,
  TICKET_CREDENTIAL_CONFIGURATION_ID,
  type CredentialOfferResponse,
  type WalletTicket,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import type { credentialOffers } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { Actor } from '../../shared/guards';
import { findEntryGivingLoanTo, findTicketId, insertCredentialOffer } from './issuance.queries';
import type { EuWalletPorts } from '../ports';

/** A code as stored: its SHA-256 (the codes are random, 256 bits, so no key is needed). */
export const digestOf = (code: string) => createHash('sha256').update(code, 'utf8').digest('base64url');

/** The transaction code's digest, bound to its offer so that equal codes of two offers differ. */
export const txCodeDigest = (offerId: string, txCode: string) => digestOf(`${offerId}:${txCode}`);

/** The event a wallet's ticket admits its carrier to: its own (a match, a season), or the lent fixture. */
export const scopeEventOf = (carried: WalletTicket) =>
  carried.lentBy === null ? carried.eventId : (carried.fixtures[0]?.eventId ?? carried.eventId);

/**
 * The ticket as the person's wallet lists it, unless it does not or it is blocked: what can be issued
 * is what the person carries (docs/design.md §12), asked the same way as the wallet's listing.
 */
export async function carriedTicket(
  db: Db,
  ports: Pick<EuWalletPorts, 'walletTickets'>,
  afm: string,
  publicCode: string,
): Promise<WalletTicket> {
  const carried = (await ports.walletTickets(db, afm)).find((entry) => entry.publicCode === publicCode);
  if (!carried) throw new AppError('TICKET_NOT_FOUND');
  if (carried.blocked) throw new AppError('TICKET_BLOCKED');
  return carried;
}

/** What a code (an offer's, or an authorization code) is stored with, beside the ticket. */
type CodeRow = Pick<
  typeof credentialOffers.$inferInsert,
  'codeHash' | 'txCodeHash' | 'clientId' | 'redirectUri' | 'codeChallenge' | 'issuerStateHash'
>;

/**
 * A code for a ticket the person carries (their own, a minor's in their care, a fixture lent to
 * them), for their EU wallet: the ticket as their wallet lists it, its loan for a recipient, the row
 * (`codeRow` of its id, so that a transaction code can be bound to it), audited as `action`.
 */
export async function insertCodeForTicket(
  db: Db,
  grant: {
    actor: Actor;
    publicCode: string;
    seconds: number;
    action: string;
    codeRow: (id: string) => CodeRow;
  },
  ports: Pick<EuWalletPorts, 'walletTickets'>,
  /** What must happen with it or not at all (the authorization it decides). */
  alsoInTransaction: (tx: Pick<Db, 'update'>) => Promise<void> = async () => undefined,
): Promise<void> {
  const { actor, publicCode } = grant;
  const carried = await carriedTicket(db, ports, actor.user.afm, publicCode);
  const scopeEventId = scopeEventOf(carried);
  await db.transaction(async (tx) => {
    await alsoInTransaction(tx);
    const ticket = await findTicketId(tx, publicCode);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    const loan =
      carried.lentBy === null
        ? undefined
        : await findEntryGivingLoanTo(tx, {
            ticketId: ticket.id,
            fixtureId: scopeEventId,
            toAfm: actor.user.afm,
          });
    if (carried.lentBy !== null && !loan) throw new AppError('TICKET_NOT_FOUND');
    const id = randomUUID();
    await insertCredentialOffer(
      tx,
      {
        id,
        ...grant.codeRow(id),
        ticketId: ticket.id,
        scopeEventId,
        transferId: loan?.id ?? null,
        issuedTo: actor.user.afm,
      },
      grant.seconds,
    );
    await audit(tx, {
      actor: actor.user.afm,
      action: grant.action,
      subject: publicCode,
      requestId: actor.requestId,
      details: { offerId: id, eventId: scopeEventId },
    });
  });
}

/**
 * An offer of a ticket the person carries to their EU wallet: a pre-authorized code in an
 * `openid-credential-offer://` link (the QR) and a transaction code shown apart, and for a wallet that
 * follows HAIP the `authorization_code` grant with an `issuer_state` (the wallet then takes it by the
 * code flow, and the authorization page shows this ticket chosen), the same offer also as a `haip://`
 * link. Only their digests are stored; the offer is good once, for CREDENTIAL_OFFER_MINUTES.
 */
export async function createCredentialOffer(
  db: Db,
  actor: Actor,
  publicCode: string,
  issuer: string,
  ports: Pick<EuWalletPorts, 'walletTickets'>,
): Promise<CredentialOfferResponse> {
  const code = randomBytes(32).toString('base64url');
  const issuerState = randomBytes(16).toString('base64url');
  const txCode = String(randomInt(0, 10 ** CREDENTIAL_OFFER_TX_CODE_LENGTH)).padStart(
    CREDENTIAL_OFFER_TX_CODE_LENGTH,
    '0',
  );
  await insertCodeForTicket(
    db,
    {
      actor,
      publicCode,
      seconds: CREDENTIAL_OFFER_MINUTES * 60,
      action: 'CREDENTIAL_OFFER',
      codeRow: (id) => ({
        codeHash: digestOf(code),
        txCodeHash: txCodeDigest(id, txCode),
        issuerStateHash: digestOf(issuerState),
      }),
    },
    ports,
  );
  const offer = {
    credential_issuer: issuer,
    credential_configuration_ids: [TICKET_CREDENTIAL_CONFIGURATION_ID],
    grants: {
      [PRE_AUTHORIZED_CODE_GRANT]: {
        'pre-authorized_code': code,
        // No `description`: in Greek, percent-encoded, it tripled the QR's modules (a phone's camera
        // then misreads it); the wallet asks for the code in its own words.
        tx_code: { input_mode: 'numeric', length: CREDENTIAL_OFFER_TX_CODE_LENGTH },
      },
      [AUTHORIZATION_CODE_GRANT]: { issuer_state: issuerState },
    },
  };
  const query = `credential_offer=${encodeURIComponent(JSON.stringify(offer))}`;
  return { offerUri: `openid-credential-offer://?${query}`, haipOfferUri: `haip://?${query}`, txCode };
}
