import { sample, sqlSamples } from '../../test/support/sql-files/module';
import * as entry from './entry';

const { afm } = sample;

export const samples = sqlSamples(entry, {
  entryGivingLoan: null,
  admitsTo: null,
  entrantOf: (db) => entry.entrantOf(db, { id: 1, holderAfm: afm, holderAmka: null, documentId: null }, 1),
});
