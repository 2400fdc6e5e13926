import { sample, sqlSamples } from '../../../../test/support/sql-files/module';
import * as devices from './devices.queries';

const { id, organisationId, digest } = sample;

export const samples = sqlSamples(devices, {
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
});
