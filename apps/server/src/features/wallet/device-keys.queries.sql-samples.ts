import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as deviceKeys from './device-keys.queries';

const { afm, publicCode, at } = sample;
const credential = { ticketId: 1, scopeEventId: 1, issuedTo: afm };

export const samples = sqlSamples(deviceKeys, {
  lockTicketId: (db) => deviceKeys.lockTicketId(db, publicCode),
  countRecentRegistrations: (db) => deviceKeys.countRecentRegistrations(db, 1, afm),
  revokeLiveCredentials: (db) => deviceKeys.revokeLiveCredentials(db, credential, at),
  insertUnsignedCredential: (db) =>
    deviceKeys.insertUnsignedCredential(db, { ...credential, devicePublicKey: 'key' }),
  storeCredential: (db) => deviceKeys.storeCredential(db, 1, 'credential'),
});
