import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as companionRequests from './companion-requests.queries';

const { afm, id } = sample;

export const samples = sqlSamples(companionRequests, {
  listPendingRequests: (db) => companionRequests.listPendingRequests(db, afm),
  findRequest: (db) => companionRequests.findRequest(db, id, afm),
  answerPendingRequest: (db) => companionRequests.answerPendingRequest(db, id, afm, 'ACCEPTED'),
});
