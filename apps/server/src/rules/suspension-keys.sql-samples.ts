import { identityKey } from '@tickets/domain';
import { suspensions, tickets } from '../db/schema';
import { description, sample, sqlSamples } from '../../test/support/sql-files/module';
import * as suspensionKeys from './suspension-keys';

const { afm, amka, publicCode } = sample;
/** A suspension in force with no keys yet, as one entered before identity keys existed. */
const suspensionInForce = { ...description, endDate: '2099-01-01', createdBy: afm };

export const samples = sqlSamples(suspensionKeys, {
  storeSuspensionKeys: (db) =>
    suspensionKeys.storeSuspensionKeys(db, 1, [identityKey.afm(afm), identityKey.amka(amka)]),
  refreshSuspensionKeys: async (db, unlogged) => {
    await unlogged.insert(suspensions).values(suspensionInForce);
    await suspensionKeys.refreshSuspensionKeys(db);
  },
  // A ticket bound by document before document keys, and a suspension before identity keys.
  backfillIdentityKeys: async (db, unlogged) => {
    await unlogged.insert(tickets).values({ publicCode, eventId: 1, documentId: 'Α1' });
    await unlogged.insert(suspensions).values(suspensionInForce);
    await suspensionKeys.backfillIdentityKeys(db);
  },
});
