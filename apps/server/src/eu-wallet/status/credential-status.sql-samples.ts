import { sqlSamples } from '../../../test/support/sql-files/module';
import * as credentialStatus from './credential-status';

export const samples = sqlSamples(credentialStatus, {
  listCredentialStatuses: (db) => credentialStatus.listCredentialStatuses(db, { fromId: 1, toId: 65_536 }),
  statusListPath: null,
  ticketVct: null,
  credentialIdAt: null,
  statusListsPrefix: null,
  credentialStatusesFor: (db) => credentialStatus.credentialStatusesFor(db, [1, 2], [1]),
});
