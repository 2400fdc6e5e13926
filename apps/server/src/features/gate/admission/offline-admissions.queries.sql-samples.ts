import { sample, sqlSamples } from '../../../../test/support/sql-files/module';
import * as offlineAdmissions from './offline-admissions.queries';

const { id, at, digest } = sample;
const pending = [
  { at: 0, ticketId: 1, admittedAt: at.toISOString(), proofDigest: digest, idempotencyKey: 'scan-1' },
];

export const samples = sqlSamples(offlineAdmissions, {
  insertOfflineAdmissions: (db) => offlineAdmissions.insertOfflineAdmissions(db, id, 1, pending),
  insertDoubleEntries: (db) => offlineAdmissions.insertDoubleEntries(db, id, 1, pending),
  findKeyedAdmissions: (db) => offlineAdmissions.findKeyedAdmissions(db, id, 1, ['scan-1']),
  insertOfflineRefusals: (db) =>
    offlineAdmissions.insertOfflineRefusals(db, id, 1, [
      { reason: 'NOT_FOUND', refusedAt: at.toISOString(), proofDigest: digest },
    ]),
});
