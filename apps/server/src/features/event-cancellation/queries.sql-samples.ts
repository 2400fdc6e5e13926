import { officer, sqlSamples } from '../../../test/support/sql-files/module';
import * as eventCancellation from './queries';

export const samples = sqlSamples(eventCancellation, {
  lockMatchOfOfficer: (db) => eventCancellation.lockMatchOfOfficer(db, 1, officer),
  markCancelled: (db) => eventCancellation.markCancelled(db, 1, 'Απόφαση της αστυνομίας'),
});
