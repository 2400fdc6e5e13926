import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as issuance from './issuance.queries';

const { afm, amka, id, publicCode, at, digest } = sample;
/** A wallet credential's facts, as the issuer's offer and credential rows carry them. */
const credential = { ticketId: 1, scopeEventId: 1, issuedTo: afm };

export const samples = sqlSamples(issuance, {
  findTicketId: (db) => issuance.findTicketId(db, publicCode),
  findEntryGivingLoanTo: (db) =>
    issuance.findEntryGivingLoanTo(db, { ticketId: 1, fixtureId: 2, toAfm: afm }),
  insertCredentialOffer: (db) =>
    issuance.insertCredentialOffer(
      db,
      { id, codeHash: digest, txCodeHash: digest, ...credential, scopeEventId: 1, transferId: null },
      600,
    ),
  findRedeemableCode: (db) => issuance.findRedeemableCode(db, digest),
  insertWalletAuthorization: (db) =>
    issuance.insertWalletAuthorization(
      db,
      {
        id,
        requestUriHash: digest,
        clientId: 'wallet',
        walletName: 'Wallet Provider',
        redirectUri: 'https://wallet.example/cb',
        codeChallenge: digest,
        state: null,
        issuerStateHash: null,
      },
      10,
    ),
  findOfferByIssuerState: (db) =>
    issuance.findOfferByIssuerState(db, { issuerStateHash: digest, issuedTo: afm }),
  findOpenWalletAuthorization: (db) =>
    issuance.findOpenWalletAuthorization(db, { requestUriHash: digest, clientId: 'wallet' }),
  decideWalletAuthorization: (db) => issuance.decideWalletAuthorization(db, id),
  purgeExpiredWalletAuthorizations: (db) => issuance.purgeExpiredWalletAuthorizations(db),
  countWrongTxCode: (db) => issuance.countWrongTxCode(db, id),
  redeemOffer: (db) =>
    issuance.redeemOffer(db, { offerId: id, accessTokenHash: digest, seconds: 300, dpopJkt: digest }),
  findGrantOfAccessToken: (db) => issuance.findGrantOfAccessToken(db, digest),
  insertNonce: (db) => issuance.insertNonce(db, digest, 300),
  spendNonce: (db) => issuance.spendNonce(db, digest),
  purgeExpiredNonces: (db) => issuance.purgeExpiredNonces(db),
  findCredentialFacts: (db) => issuance.findCredentialFacts(db, id),
  insertIssuedCredential: (db) =>
    issuance.insertIssuedCredential(db, {
      offerId: id,
      ...credential,
      transferId: null,
      holderAfm: afm,
      holderAmka: amka,
      codeSerial: 0,
      keyThumbprint: digest,
      expiresAt: at,
      id: 1,
      statusNumber: 1,
    }),
  nextIssuedCredentialId: (db) => issuance.nextIssuedCredentialId(db),
  isOfferIssued: (db) => issuance.isOfferIssued(db, id),
});
