import * as claims from '../../../src/features/wallet/claims.queries';
import * as companionRequests from '../../../src/features/wallet/companion-requests.queries';
import * as deviceKeys from '../../../src/features/wallet/device-keys.queries';
import * as notifications from '../../../src/features/wallet/notifications.queries';
import * as tickets from '../../../src/features/wallet/tickets.queries';
import * as transfers from '../../../src/features/wallet/transfers.queries';
import { sample, sqlModule } from './module';

const { afm, amka, id, publicCode, at, digest } = sample;
const credential = { ticketId: 1, scopeEventId: 1, issuedTo: afm };

export const walletModules = [
  sqlModule('wallet.claims', 'features/wallet/claims.queries.ts', claims, {
    findClaimedTicket: (db) => claims.findClaimedTicket(db).execute({ publicCode }),
    findClaim: (db) => claims.findClaim(db).execute({ publicCode, afm }),
    findDependent: (db) => claims.findDependent(db).execute({ guardianAfm: afm, amka }),
    bindToWallet: (db) =>
      claims.bindToWallet(db).execute({
        id: 1,
        holderAfm: afm,
        holderAmka: null,
        fullName: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
        ...sample.audited,
      }),
  }),
  sqlModule('wallet.companion-requests', 'features/wallet/companion-requests.queries.ts', companionRequests, {
    listPendingRequests: (db) => companionRequests.listPendingRequests(db, afm),
    findRequest: (db) => companionRequests.findRequest(db, id, afm),
    answerPendingRequest: (db) => companionRequests.answerPendingRequest(db, id, afm, 'ACCEPTED'),
  }),
  sqlModule('wallet.device-keys', 'features/wallet/device-keys.queries.ts', deviceKeys, {
    lockTicketId: (db) => deviceKeys.lockTicketId(db, publicCode),
    countRecentRegistrations: (db) => deviceKeys.countRecentRegistrations(db, 1, afm),
    revokeLiveCredentials: (db) => deviceKeys.revokeLiveCredentials(db, credential, at),
    insertUnsignedCredential: (db) =>
      deviceKeys.insertUnsignedCredential(db, { ...credential, devicePublicKey: 'key' }),
    storeCredential: (db) => deviceKeys.storeCredential(db, 1, 'credential'),
  }),
  sqlModule('wallet.notifications', 'features/wallet/notifications.queries.ts', notifications, {
    listNotificationsOf: (db) => notifications.listNotificationsOf(db, afm),
    markNotificationRead: (db) => notifications.markNotificationRead(db, afm, id),
  }),
  sqlModule('wallet.tickets', 'features/wallet/tickets.queries.ts', tickets, {
    listHeldTickets: {
      'the wallet': (db) => tickets.listHeldTickets(db, afm),
      'one ticket of it': (db) => tickets.listHeldTickets(db, afm, publicCode),
    },
    listDependentsTickets: {
      'the wallet': (db) => tickets.listDependentsTickets(db, afm),
      'one ticket of it': (db) => tickets.listDependentsTickets(db, afm, publicCode),
    },
    listBorrowedFixtures: (db) => tickets.listBorrowedFixtures(db, afm),
    listUpcomingFixtures: (db) => tickets.listUpcomingFixtures(db, [1, 2]),
    findRegistryAmka: (db) => tickets.findRegistryAmka(db, afm),
    listSuspensionChecksOf: (db) => tickets.listSuspensionChecksOf(db, [digest, digest], 20),
    listTicketAuditOf: (db) => tickets.listTicketAuditOf(db, afm, ['TICKET_LOOKUP', 'WALLET_CLAIM'], 20),
  }),
  sqlModule('wallet.transfers', 'features/wallet/transfers.queries.ts', transfers, {
    findTransfer: (db) => transfers.findTransfer(db, id),
    listTransfersOf: (db) => transfers.listTransfersOf(db, afm),
    lockTicket: (db) => transfers.lockTicket(db, 1),
    findHeldSeasonTicket: (db) => transfers.findHeldSeasonTicket(db, publicCode, afm),
    findFixture: (db) => transfers.findFixture(db, 1),
    countTransfers: (db) => transfers.countTransfers(db, 1, ['ACCEPTED', 'COMPLETED']),
    insertPendingTransfer: (db) =>
      transfers.insertPendingTransfer(db, {
        ticketId: 1,
        fixtureId: 2,
        fromAfm: afm,
        toAfm: '100000015',
        toName: 'ΓΙΩΡΓΟΣ ΔΗΜΗΤΡΙΟΥ',
      }),
    findTransferOfParty: (db) => transfers.findTransferOfParty(db, id, 'to', afm),
    answerPendingTransfer: (db) =>
      transfers.answerPendingTransfer(db, id, { status: 'ACCEPTED', revertAt: at }),
    revertAcceptedLoansDue: (db) => transfers.revertAcceptedLoansDue(db, at),
  }),
];
