import { and, eq, gt, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CREDENTIAL_OFFER_TX_CODE_ATTEMPTS } from '@tickets/domain';
import type { Db } from '../../db/client';
import {
  citizens,
  credentialOffers,
  events,
  issuanceNonces,
  issuedCredentials,
  tickets,
  transfers,
  walletAuthorizations,
} from '../../db/schema';
import { ENTRY_GIVING_LOANS } from '../../rules/entry';
import { ageToday, registryHolderOfTicket } from '../../rules/people';

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The ticket's id, by its code. */
export async function findTicketId(db: Pick<Db, 'select'>, publicCode: string) {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.publicCode, publicCode));
  return ticket;
}

/** The loan of this ticket's fixture to this person that makes them enter it (a recipient's offer). */
export async function findEntryGivingLoanTo(
  db: Pick<Db, 'select'>,
  loan: { ticketId: number; fixtureId: number; toAfm: string },
) {
  const [found] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(
      and(
        eq(transfers.ticketId, loan.ticketId),
        eq(transfers.fixtureId, loan.fixtureId),
        eq(transfers.toAfm, loan.toAfm),
        inArray(transfers.status, ENTRY_GIVING_LOANS),
      ),
    );
  return found;
}

/**
 * An offer's code, or an authorization code, good for `seconds` by the database's clock (every
 * process asks the same clock).
 */
export async function insertCredentialOffer(
  tx: Tx,
  offer: Omit<typeof credentialOffers.$inferInsert, 'expiresAt'>,
  seconds: number,
) {
  const [row] = await tx
    .insert(credentialOffers)
    .values({ ...offer, expiresAt: sql`now() + make_interval(secs => ${seconds})` })
    .returning({ id: credentialOffers.id });
  return row;
}

/**
 * The code still good: not expired, not redeemed, not spent by wrong transaction codes. An offer's
 * pre-authorized code has its transaction code's digest; an authorization code instead its client,
 * redirect URI and PKCE challenge (the caller takes only the kind its grant redeems).
 */
export async function findRedeemableCode(db: Pick<Db, 'select'>, codeHash: string) {
  const [code] = await db
    .select({
      id: credentialOffers.id,
      txCodeHash: credentialOffers.txCodeHash,
      clientId: credentialOffers.clientId,
      redirectUri: credentialOffers.redirectUri,
      codeChallenge: credentialOffers.codeChallenge,
      issuedTo: credentialOffers.issuedTo,
      publicCode: tickets.publicCode,
    })
    .from(credentialOffers)
    .innerJoin(tickets, eq(tickets.id, credentialOffers.ticketId))
    .where(
      and(
        eq(credentialOffers.codeHash, codeHash),
        isNull(credentialOffers.redeemedAt),
        gt(credentialOffers.expiresAt, sql`now()`),
        lt(credentialOffers.failedAttempts, CREDENTIAL_OFFER_TX_CODE_ATTEMPTS),
      ),
    );
  return code;
}

/** The ticket of a live offer by its `issuer_state`, made by this person. */
export async function findOfferByIssuerState(
  db: Pick<Db, 'select'>,
  offer: { issuerStateHash: string; issuedTo: string },
) {
  const [found] = await db
    .select({ publicCode: tickets.publicCode })
    .from(credentialOffers)
    .innerJoin(tickets, eq(tickets.id, credentialOffers.ticketId))
    .where(
      and(
        eq(credentialOffers.issuerStateHash, offer.issuerStateHash),
        eq(credentialOffers.issuedTo, offer.issuedTo),
        gt(credentialOffers.expiresAt, sql`now()`),
      ),
    );
  return found;
}

/** A wallet's pushed authorization request, good for `minutes`. */
export async function insertWalletAuthorization(
  db: Pick<Db, 'insert'>,
  authorization: Omit<typeof walletAuthorizations.$inferInsert, 'expiresAt'>,
  minutes: number,
) {
  const [row] = await db
    .insert(walletAuthorizations)
    .values({ ...authorization, expiresAt: sql`now() + make_interval(mins => ${minutes})` })
    .returning({ id: walletAuthorizations.id });
  return row;
}

/** The open request a `request_uri` names for this client: not expired, not decided. */
export async function findOpenWalletAuthorization(
  db: Pick<Db, 'select'>,
  request: { requestUriHash: string; clientId: string },
) {
  const [row] = await db
    .select()
    .from(walletAuthorizations)
    .where(
      and(
        eq(walletAuthorizations.requestUriHash, request.requestUriHash),
        eq(walletAuthorizations.clientId, request.clientId),
        isNull(walletAuthorizations.decidedAt),
        gt(walletAuthorizations.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Decides the request, once: of two decisions (two tabs), one wins. */
export async function decideWalletAuthorization(tx: Pick<Db, 'update'>, id: string) {
  const [row] = await tx
    .update(walletAuthorizations)
    .set({ decidedAt: sql`now()` })
    .where(
      and(
        eq(walletAuthorizations.id, id),
        isNull(walletAuthorizations.decidedAt),
        gt(walletAuthorizations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: walletAuthorizations.id });
  return row;
}

/** Pushed authorization requests past their time: nothing reads them any more. */
export async function purgeExpiredWalletAuthorizations(db: Pick<Db, 'delete'>) {
  await db.delete(walletAuthorizations).where(sql`${walletAuthorizations.expiresAt} <= now()`);
}

/** One more wrong transaction code; answers how many so far. */
export async function countWrongTxCode(tx: Tx, offerId: string) {
  const [row] = await tx
    .update(credentialOffers)
    .set({ failedAttempts: sql`${credentialOffers.failedAttempts} + 1` })
    .where(eq(credentialOffers.id, offerId))
    .returning({ failedAttempts: credentialOffers.failedAttempts });
  return row;
}

/**
 * Spends the pre-authorized code for an access token, once: of two token requests with the same
 * code, on any processes, one matches and the other finds it redeemed. A DPoP token keeps the
 * thumbprint of the key it is bound to.
 */
export async function redeemOffer(
  tx: Tx,
  redemption: { offerId: string; accessTokenHash: string; seconds: number; dpopJkt: string | null },
) {
  const [row] = await tx
    .update(credentialOffers)
    .set({
      redeemedAt: sql`now()`,
      accessTokenHash: redemption.accessTokenHash,
      accessTokenExpiresAt: sql`now() + make_interval(secs => ${redemption.seconds})`,
      dpopJkt: redemption.dpopJkt,
    })
    .where(
      and(
        eq(credentialOffers.id, redemption.offerId),
        isNull(credentialOffers.redeemedAt),
        gt(credentialOffers.expiresAt, sql`now()`),
        lt(credentialOffers.failedAttempts, CREDENTIAL_OFFER_TX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: credentialOffers.id });
  return row;
}

/**
 * The offer an access token was given for, while the token is live and has issued nothing yet, and
 * the key a DPoP token is bound to.
 */
export async function findGrantOfAccessToken(db: Pick<Db, 'select'>, accessTokenHash: string) {
  const [grant] = await db
    .select({ offerId: credentialOffers.id, dpopJkt: credentialOffers.dpopJkt })
    .from(credentialOffers)
    .where(
      and(
        eq(credentialOffers.accessTokenHash, accessTokenHash),
        gt(credentialOffers.accessTokenExpiresAt, sql`now()`),
        notExists(
          db
            .select({ id: issuedCredentials.id })
            .from(issuedCredentials)
            .where(eq(issuedCredentials.offerId, credentialOffers.id)),
        ),
      ),
    );
  return grant;
}

export async function insertNonce(db: Pick<Db, 'insert'>, nonceHash: string, seconds: number) {
  await db
    .insert(issuanceNonces)
    .values({ nonceHash, expiresAt: sql`now() + make_interval(secs => ${seconds})` });
}

/** Spends a nonce, once: answers it only to the first proof that names it while it is live. */
export async function spendNonce(db: Pick<Db, 'delete'>, nonceHash: string) {
  const [row] = await db
    .delete(issuanceNonces)
    .where(and(eq(issuanceNonces.nonceHash, nonceHash), gt(issuanceNonces.expiresAt, sql`now()`)))
    .returning({ nonceHash: issuanceNonces.nonceHash });
  return row;
}

/** Nonces never spent, once expired (purge.ts). */
export async function purgeExpiredNonces(db: Pick<Db, 'delete'>) {
  await db.delete(issuanceNonces).where(sql`${issuanceNonces.expiresAt} <= now()`);
}

const scopeEvents = alias(events, 'scope_event');

/**
 * What the credential of an offer says, read when it is issued: the ticket and its seat, the event it
 * admits to (the ticket's own, or the lent fixture), the holder's name and age in the registry, and
 * the loan whose recipient enters instead.
 */
export async function findCredentialFacts(db: Pick<Db, 'select'>, offerId: string) {
  const [facts] = await db
    .select({
      offer: {
        id: credentialOffers.id,
        issuedTo: credentialOffers.issuedTo,
        scopeEventId: credentialOffers.scopeEventId,
        transferId: credentialOffers.transferId,
      },
      ticket: {
        id: tickets.id,
        publicCode: tickets.publicCode,
        sector: tickets.sector,
        gate: tickets.gate,
        row: tickets.row,
        seat: tickets.seat,
        holderAfm: tickets.holderAfm,
        holderAmka: tickets.holderAmka,
        fullName: tickets.fullName,
        codeSerial: tickets.codeSerial,
      },
      event: {
        description: scopeEvents.description,
        startsAt: scopeEvents.startsAt,
        endsAt: scopeEvents.endsAt,
        venue: scopeEvents.venue,
        seasonal: scopeEvents.seasonal,
      },
      holderAge: ageToday(citizens),
      loanName: transfers.toName,
    })
    .from(credentialOffers)
    .innerJoin(tickets, eq(tickets.id, credentialOffers.ticketId))
    .innerJoin(scopeEvents, eq(scopeEvents.id, credentialOffers.scopeEventId))
    .leftJoin(citizens, registryHolderOfTicket)
    .leftJoin(transfers, eq(transfers.id, credentialOffers.transferId))
    .where(eq(credentialOffers.id, offerId))
    .limit(1);
  return facts;
}

/** An id for the next credential, taken before its row is written: its status list follows from it. */
export async function nextIssuedCredentialId(tx: Pick<Db, 'execute'>): Promise<number> {
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('issued_credentials', 'id')) as id`,
  );
  // node-postgres and PGlite both answer { rows }; a bigint comes as text or a number.
  const [row] = (result as unknown as { rows: { id: string | number }[] }).rows;
  return Number(row?.id);
}

/**
 * The credential's row, at its status number. Nothing is inserted when the offer's one credential
 * was issued meanwhile (a second request with the same access token) or the status number is taken:
 * `isOfferIssued` tells which.
 */
export async function insertIssuedCredential(tx: Tx, credential: typeof issuedCredentials.$inferInsert) {
  const [row] = await tx
    .insert(issuedCredentials)
    .values(credential)
    .onConflictDoNothing()
    .returning({ id: issuedCredentials.id });
  return row;
}

/** Whether the offer's one credential is issued. */
export async function isOfferIssued(db: Pick<Db, 'select'>, offerId: string) {
  const [row] = await db
    .select({ id: issuedCredentials.id })
    .from(issuedCredentials)
    .where(eq(issuedCredentials.offerId, offerId));
  return row !== undefined;
}
