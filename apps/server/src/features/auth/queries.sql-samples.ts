import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as auth from './queries';

const { at } = sample;

export const samples = sqlSamples(auth, {
  insertLoginAttempt: (db) =>
    auth.insertLoginAttempt(db, {
      state: 'state',
      codeVerifier: 'verifier',
      returnBase: 'http://127.0.0.1',
    }),
  takeLoginAttemptSince: (db) => auth.takeLoginAttemptSince(db, 'state', at),
  deleteLoginAttemptsBefore: (db) => auth.deleteLoginAttemptsBefore(db, at),
});
