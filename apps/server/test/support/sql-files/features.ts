import { identityKey } from '@tickets/domain';
import * as auth from '../../../src/features/auth/queries';
import * as companions from '../../../src/features/companions/queries';
import * as providerImports from '../../../src/features/providers/imports.queries';
import * as providers from '../../../src/features/providers/queries';
import * as stats from '../../../src/features/stats/queries';
import * as suspensions from '../../../src/features/suspensions/queries';
import * as taxisStandIn from '../../../src/features/taxis-standin/queries';
import * as ticketOffice from '../../../src/features/ticket-office/queries';
import * as transferEvents from '../../../src/features/transfer-events/queries';
import { officer, sample, sqlModule } from './module';

const { afm, amka, id, organisationId, publicCode, at, digest } = sample;
const grant = { code: 'code', afm, firstName: 'ΜΑΡΙΑ', lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ', clientId: 'client' };
const binding = {
  id: 1,
  fullName: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
  documentType: 'PASSPORT',
  documentId: 'Α1',
  documentKey: 'Α1',
  privateCode: 'code',
  binding: 'IDENTIFY',
  ...sample.audited,
};
const declaration = {
  guardianId: 1,
  minorId: 2,
  ticketId: 1,
  companionAfm: afm,
  companionName: 'Α Β',
  status: 'PENDING' as const,
};
const providerEvent = {
  externalId: 'match',
  description: 'ΟΛΥΜΠΙΑΚΟΣ - ΠΑΟΚ',
  startsAt: at.toISOString(),
  venue: 'ΣΤΑΔΙΟ',
  seasonal: false,
  displayMode: 'QR' as const,
};
const providerTicket = { publicCode, eventExternalId: 'match', seasonal: false };

export const featureModules = [
  sqlModule('auth.queries', 'features/auth/queries.ts', auth, {
    insertLoginAttempt: (db) =>
      auth.insertLoginAttempt(db, {
        state: 'state',
        codeVerifier: 'verifier',
        returnBase: 'http://127.0.0.1',
      }),
    takeLoginAttemptSince: (db) => auth.takeLoginAttemptSince(db, 'state', at),
    deleteLoginAttemptsBefore: (db) => auth.deleteLoginAttemptsBefore(db, at),
  }),
  sqlModule('companions.queries', 'features/companions/queries.ts', companions, {
    isAdult: (db) => companions.isAdult(db, 1),
    listDependents: (db) => companions.listDependents(db, 1),
    findDependentByAmka: (db) => companions.findDependentByAmka(db, 1, amka),
    findMinorsTicket: (db) => companions.findMinorsTicket(db, publicCode, amka),
    findGuardiansDeclaration: (db) => companions.findGuardiansDeclaration(db, 1, id),
    insertDeclaration: {
      'a new request (none while the ticket has a live one)': (db) =>
        companions.insertDeclaration(db, declaration, { unlessLive: true }),
      'a replacement': (db) => companions.insertDeclaration(db, { ...declaration, replacesId: id }),
    },
    moveDeclaration: (db) => companions.moveDeclaration(db, id, 'PENDING', 'CANCELLED'),
    listLiveDeclarations: (db) => companions.listLiveDeclarations(db, afm),
    toDeclaration: null,
  }),
  sqlModule('providers.imports', 'features/providers/imports.queries.ts', providerImports, {
    seasonIdsOf: (db) => providerImports.seasonIdsOf(db, organisationId),
    eventIdsOf: (db) => providerImports.eventIdsOf(db, organisationId),
    codePrefixesOf: (db) => providerImports.codePrefixesOf(db, organisationId),
    upsertEvents: (db) => providerImports.upsertEvents(db, organisationId, [providerEvent], new Map()),
    upsertTickets: (db) =>
      providerImports.upsertTickets(db, organisationId, [providerTicket], new Map([['match', 1]])),
  }),
  sqlModule('providers.queries', 'features/providers/queries.ts', providers, {
    findActiveProviderByKeyHash: (db) => providers.findActiveProviderByKeyHash(db, digest),
    findEventOfOrganisation: (db) => providers.findEventOfOrganisation(db, organisationId, { eventId: 1 }),
    findTicketOfOrganisation: (db) => providers.findTicketOfOrganisation(db, organisationId, publicCode),
  }),
  sqlModule('stats.queries', 'features/stats/queries.ts', stats, {
    findRegistryName: (db) => stats.findRegistryName(db, afm),
    listFixturesNotOver: (db) => stats.listFixturesNotOver(db, 1, 2),
    countNeighbourLookups: (db) => stats.countNeighbourLookups(db, afm, publicCode),
  }),
  sqlModule('suspensions.queries', 'features/suspensions/queries.ts', suspensions, {
    listUpcomingHolders: (db) =>
      suspensions.listUpcomingHolders(
        db,
        { afms: [afm], amkas: [amka], documentKeys: ['Α1'] },
        organisationId,
      ),
    listUpcomingBorrowers: (db) => suspensions.listUpcomingBorrowers(db, [afm], organisationId),
    insertSuspension: (db) =>
      suspensions.insertSuspension(db, { afm, endDate: '2027-01-01', createdBy: afm }),
    findSuspensionsByKeys: (db) => suspensions.findSuspensionsByKeys(db, [identityKey.afm(afm)]),
    lockActiveSuspension: (db) => suspensions.lockActiveSuspension(db, 1),
    markLifted: (db) => suspensions.markLifted(db, 1, afm),
  }),
  sqlModule('taxis-standin.queries', 'features/taxis-standin/queries.ts', taxisStandIn, {
    insertGrant: (db) => taxisStandIn.insertGrant(db, { ...grant, redirectUri: 'http://127.0.0.1/callback' }),
    findGrantByCode: (db) => taxisStandIn.findGrantByCode(db, 'code'),
    exchangeGrantOnce: (db) => taxisStandIn.exchangeGrantOnce(db, 'code', 'token', at),
    findGrantByTokenSince: (db) => taxisStandIn.findGrantByTokenSince(db, 'token', at),
    deleteGrantsBefore: (db) => taxisStandIn.deleteGrantsBefore(db, at, at),
    findPersonByAfm: (db) => taxisStandIn.findPersonByAfm(db, afm),
    listPeopleToOffer: (db) => taxisStandIn.listPeopleToOffer(db, 20),
  }),
  sqlModule('ticket-office.queries', 'features/ticket-office/queries.ts', ticketOffice, {
    bindUnboundTicket: (db) => ticketOffice.bindUnboundTicket(db).execute(binding),
    // The same statement as bindUnboundTicket, sent on the transaction's connection.
    bindUnboundTicketIn: (db) => db.transaction((tx) => ticketOffice.bindUnboundTicketIn(db, tx, binding)),
    findIdentityCardHolder: (db) => ticketOffice.findIdentityCardHolder(db, 'Α1'),
    replacePrintedCode: (db) =>
      ticketOffice.replacePrintedCode(db, { id: 1, codeSerial: 1 } as ticketOffice.TicketRow, 2, 'code'),
    findTicket: (db) => ticketOffice.findTicket(db, 1),
  }),
  sqlModule('transfer-events.queries', 'features/transfer-events/queries.ts', transferEvents, {
    findUpcomingEvents: (db) => transferEvents.findUpcomingEvents(db, officer),
    lockUpcomingEvent: (db) => transferEvents.lockUpcomingEvent(db, 1, officer),
    saveTransferRules: (db) =>
      transferEvents.saveTransferRules(db, 1, { allowTransfer: true, maxTransfers: 3 }),
  }),
];
