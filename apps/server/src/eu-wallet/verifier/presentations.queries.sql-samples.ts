import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as presentations from './presentations.queries';

const { id, organisationId } = sample;

export const samples = sqlSamples(presentations, {
  insertPresentationRequest: (db) =>
    presentations.insertPresentationRequest(db, {
      nonce: 'nonce',
      deviceId: id,
      organisationId,
      eventId: 1,
      minutes: 5,
      responseKey: { kty: 'EC' },
    }),
  findOpenPresentationRequest: (db) => presentations.findOpenPresentationRequest(db, id),
  spendPresentationRequest: (db) => presentations.spendPresentationRequest(db, id),
  refuseAnswer: (db) => presentations.refuseAnswer(db, id, {}, 5),
  recordPresentationResult: (db) => presentations.recordPresentationResult(db, id, {}),
  findPresentationResult: (db) => presentations.findPresentationResult(db, id, id),
});
