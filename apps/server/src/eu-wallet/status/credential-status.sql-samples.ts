import { sqlSamples } from '../../../test/support/sql-files/module';
import * as credentialStatus from './credential-status';

export const samples = sqlSamples(credentialStatus, {
  listCredentialStatuses: (db) => credentialStatus.listCredentialStatuses(db, { from: 1, to: 1_048_576 }),
  statusListPath: null,
  ticketVct: null,
  statusNumberOf: null,
  statusListsPrefix: null,
  credentialStatusesFor: (db) => credentialStatus.credentialStatusesFor(db, [1, 2], [1]),
});
