import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as stats from './queries';

const { afm, publicCode } = sample;

export const samples = sqlSamples(stats, {
  findRegistryName: (db) => stats.findRegistryName(db, afm),
  listFixturesNotOver: (db) => stats.listFixturesNotOver(db, 1, 2),
  countNeighbourLookups: (db) => stats.countNeighbourLookups(db, afm, publicCode),
});
