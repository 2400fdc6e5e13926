import { identityKey } from '@tickets/domain';
import { gateManifests } from '../../../src/db/schema';
import * as admissions from '../../../src/features/gate/admission/admissions.queries';
import * as offlineAdmissions from '../../../src/features/gate/admission/offline-admissions.queries';
import * as contacts from '../../../src/features/gate/devices/contacts.queries';
import * as devices from '../../../src/features/gate/devices/devices.queries';
import * as manifestBook from '../../../src/features/gate/manifest/manifest-book.queries';
import * as manifest from '../../../src/features/gate/manifest/manifest.queries';
import * as matchDay from '../../../src/features/gate/reports/match-day.queries';
import * as reports from '../../../src/features/gate/reports/reports.queries';
import { officer, sample, sqlModule } from './module';

const { id, organisationId, publicCode, at, digest } = sample;
const pending = [
  { at: 0, ticketId: 1, admittedAt: at.toISOString(), proofDigest: digest, idempotencyKey: 'scan-1' },
];
const head = {
  eventId: 1,
  organisationId,
  salt: 'salt',
  keysDigest: digest,
  revision: 1,
  digest,
  header: '{}',
};
const bookRows = [{ mark: 'entry:1', sealed: 'sealed', tag: 'tag', changedAt: 1 }];

export const gateModules = [
  sqlModule('gate.admissions', 'features/gate/admission/admissions.queries.ts', admissions, {
    scanQuery: (db) =>
      admissions.scanQuery(db).execute({
        code: 'code',
        eventId: 1,
        deviceId: id,
        printTicket: null,
        printSerial: null,
        credentialId: null,
        devicePublicKey: null,
        presentedCredentialId: null,
        presentedKeyThumbprint: null,
        idempotencyKey: 'scan-1',
      }),
    admitQuery: (db) =>
      admissions.admitQuery(db).execute({
        ticketIds: [1],
        eventIds: [1],
        deviceIds: [id],
        subjects: [publicCode],
        requestIds: ['request'],
        proofDigests: [digest],
        idempotencyKeys: [null],
      }),
    findFirstAdmission: (db) => admissions.findFirstAdmission(db, 1, 1),
    lockAdmissionOfClub: (db) => admissions.lockAdmissionOfClub(db, id, organisationId),
    markAdmissionUndone: (db) => admissions.markAdmissionUndone(db, id),
  }),
  sqlModule('gate.contacts', 'features/gate/devices/contacts.queries.ts', contacts, {
    listDevicesAtOpenGates: (db) => contacts.listDevicesAtOpenGates(db),
    recordContact: (db) => contacts.recordContact(db, id),
    recordUnsent: (db) => contacts.recordUnsent(db, id, 3),
    lowerUnsent: (db) => contacts.lowerUnsent(db, id, 3),
  }),
  sqlModule('gate.devices', 'features/gate/devices/devices.queries.ts', devices, {
    findOrganisation: (db) => devices.findOrganisation(db, organisationId),
    listOrganisations: (db) => devices.listOrganisations(db, organisationId),
    insertGateDevice: (db) =>
      devices.insertGateDevice(db, {
        organisationId,
        label: 'Θύρα 1',
        tokenHash: digest,
        createdBy: sample.afm,
      }),
    listDevicesOfClub: (db) => devices.listDevicesOfClub(db, organisationId),
    markDeviceRevoked: (db) => devices.markDeviceRevoked(db, id, organisationId, sample.afm),
    isLiveDevice: null,
    findDeviceByCredential: (db) => devices.findDeviceByCredential(db, digest),
    extendToMatchDay: (db) => devices.extendToMatchDay(db, id, 6),
    renewCredential: (db) => devices.renewCredential(db, id, organisationId, 6),
    pairDevice: (db) =>
      devices.pairDevice(db, { tokenHash: digest, credentialHash: digest, marginHours: 6, tokenHours: 1 }),
    findLiveDeviceByToken: (db) => devices.findLiveDeviceByToken(db, digest, 1),
    voidAdmissionsOfDevice: (db) => devices.voidAdmissionsOfDevice(db, id),
    markPairingRefused: (db) => devices.markPairingRefused(db, id),
  }),
  sqlModule('gate.manifest-book', 'features/gate/manifest/manifest-book.queries.ts', manifestBook, {
    readBookHead: (db) => manifestBook.readBookHead(db).execute({ eventId: 1, rebuildSeconds: 60 }),
    claimBookReading: (db) => manifestBook.claimBookReading(db, 1, 60),
    bookRowsSince: (db) => manifestBook.bookRowsSince(db, 1, 0, { afterMark: '', limit: 2000 }),
    storeNewBook: {
      'a first book': (db) => manifestBook.storeNewBook(db, head, bookRows, undefined),
      'in place of the stored book': async (db, unlogged) => {
        await unlogged.insert(gateManifests).values({ ...head, readAt: sample.at });
        await manifestBook.storeNewBook(db, { ...head, salt: 'new' }, bookRows, {
          salt: head.salt,
          revision: 1,
        });
      },
    },
    // The head at revision 1, moved to 2 with its rows.
    storeRevision: async (db, unlogged) => {
      await unlogged.insert(gateManifests).values({ ...head, readAt: sample.at });
      await manifestBook.storeRevision(db, { ...head, revision: 2 }, 1, bookRows);
    },
    purgeOldManifests: (db) => manifestBook.purgeOldManifests(db),
  }),
  sqlModule('gate.manifest', 'features/gate/manifest/manifest.queries.ts', manifest, {
    findMatchOfClub: (db) => manifest.findMatchOfClub(db, 1, organisationId),
    ticketsAdmitting: (db) => manifest.ticketsAdmitting(db, 1, [1, 2], { after: 0, limit: 2000 }),
    walletCredentialsAdmitting: (db) => manifest.walletCredentialsAdmitting(db, [1, 2], [1]),
    suspendedKeysAmong: (db) => manifest.suspendedKeysAmong(db, [identityKey.afm(sample.afm)]),
    snapshotPosition: (db) => manifest.snapshotPosition(db),
    changedTickets: (db) => manifest.changedTickets(db, [1, 2], '10:20:12,15'),
  }),
  sqlModule('gate.match-day', 'features/gate/reports/match-day.queries.ts', matchDay, {
    findMatchForOfficer: (db) => matchDay.findMatchForOfficer(db, officer, 1),
    countBoundTickets: (db) => matchDay.countBoundTickets(db, [1, 2]),
    listMatchDevices: (db) => matchDay.listMatchDevices(db, organisationId, 1),
    countEntriesPerMinute: (db) => matchDay.countEntriesPerMinute(db, 1),
    countRefusalsOverTime: (db) => matchDay.countRefusalsOverTime(db, 1),
    countDoubleEntries: (db) => matchDay.countDoubleEntries(db, 1),
  }),
  sqlModule(
    'gate.offline-admissions',
    'features/gate/admission/offline-admissions.queries.ts',
    offlineAdmissions,
    {
      insertOfflineAdmissions: (db) => offlineAdmissions.insertOfflineAdmissions(db, id, 1, pending),
      insertDoubleEntries: (db) => offlineAdmissions.insertDoubleEntries(db, id, 1, pending),
      findKeyedAdmissions: (db) => offlineAdmissions.findKeyedAdmissions(db, id, 1, ['scan-1']),
      insertOfflineRefusals: (db) =>
        offlineAdmissions.insertOfflineRefusals(db, id, 1, [
          { reason: 'NOT_FOUND', refusedAt: at.toISOString(), proofDigest: digest },
        ]),
    },
  ),
  sqlModule('gate.reports', 'features/gate/reports/reports.queries.ts', reports, {
    listMatchesNotOverOfClub: (db) => reports.listMatchesNotOverOfClub(db, organisationId),
    listMatchesNotOverForOfficer: (db) => reports.listMatchesNotOverForOfficer(db, officer),
    listMatchesOverForOfficer: (db) => reports.listMatchesOverForOfficer(db, officer),
    findEventForOfficer: (db) => reports.findEventForOfficer(db, officer, 1),
    countAdmissions: (db) => reports.countAdmissions(db, 1),
    countRefusals: (db) => reports.countRefusals(db, 1),
    findLastDecision: (db) => reports.findLastDecision(db, 1),
    listDoubleEntries: (db) => reports.listDoubleEntries(db, 1),
    markAdmissionVoided: (db) => reports.markAdmissionVoided(db, officer, 1, publicCode),
    findDeviceLabel: (db) => reports.findDeviceLabel(db, id),
    findLiveAdmission: (db) => reports.findLiveAdmission(db, officer, 1, publicCode),
  }),
];
