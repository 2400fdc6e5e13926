import { sample, sqlSamples } from '../../test/support/sql-files/module';
import * as people from './people';

const { afm } = sample;

export const samples = sqlSamples(people, {
  fullNameOf: null,
  ageToday: null,
  findCitizenByAfm: (db) => people.findCitizenByAfm(db, afm),
});
