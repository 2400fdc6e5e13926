import * as issuance from '../../../src/eu-wallet/issuer/issuance.queries';
import * as credentialStatus from '../../../src/eu-wallet/status/credential-status';
import * as presentations from '../../../src/eu-wallet/verifier/presentations.queries';
import { sample, sqlModule } from './module';

const { afm, amka, id, organisationId, publicCode, at, digest } = sample;
/** A wallet credential's facts, as the issuer's offer and credential rows carry them. */
const credential = { ticketId: 1, scopeEventId: 1, issuedTo: afm };

/** The EU wallet module's statements (apps/server/src/eu-wallet): the issuer, its status lists, the verifier. */
export const euWalletModules = [
  sqlModule('eu-wallet.issuance', 'eu-wallet/issuer/issuance.queries.ts', issuance, {
    findTicketId: (db) => issuance.findTicketId(db, publicCode),
    findEntryGivingLoanTo: (db) =>
      issuance.findEntryGivingLoanTo(db, { ticketId: 1, fixtureId: 2, toAfm: afm }),
    insertCredentialOffer: (db) =>
      issuance.insertCredentialOffer(
        db,
        { id, codeHash: digest, txCodeHash: digest, ...credential, scopeEventId: 1, transferId: null },
        10,
      ),
    findRedeemableOffer: (db) => issuance.findRedeemableOffer(db, digest),
    countWrongTxCode: (db) => issuance.countWrongTxCode(db, id),
    redeemOffer: (db) => issuance.redeemOffer(db, { offerId: id, accessTokenHash: digest, seconds: 300 }),
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
      }),
  }),
  sqlModule('eu-wallet.credential-status', 'eu-wallet/status/credential-status.ts', credentialStatus, {
    listCredentialStatuses: (db) => credentialStatus.listCredentialStatuses(db, { fromId: 1, toId: 65_536 }),
    statusListPath: null,
    ticketVct: null,
    credentialIdAt: null,
    statusListsPrefix: null,
    credentialStatusesFor: (db) => credentialStatus.credentialStatusesFor(db, [1, 2], [1]),
  }),
  sqlModule('eu-wallet.presentations', 'eu-wallet/verifier/presentations.queries.ts', presentations, {
    insertPresentationRequest: (db) =>
      presentations.insertPresentationRequest(db, {
        nonce: 'nonce',
        deviceId: id,
        organisationId,
        eventId: 1,
        minutes: 5,
      }),
    findOpenPresentationRequest: (db) => presentations.findOpenPresentationRequest(db, id),
    spendPresentationRequest: (db) => presentations.spendPresentationRequest(db, id),
    recordPresentationResult: (db) => presentations.recordPresentationResult(db, id, {}),
    findPresentationResult: (db) => presentations.findPresentationResult(db, id, id),
  }),
];
