import { officer, sample, sqlSamples } from '../../../../test/support/sql-files/module';
import * as matchDay from './match-day.queries';

const { organisationId } = sample;

export const samples = sqlSamples(matchDay, {
  findMatchForOfficer: (db) => matchDay.findMatchForOfficer(db, officer, 1),
  countBoundTickets: (db) => matchDay.countBoundTickets(db, [1, 2]),
  listMatchDevices: (db) => matchDay.listMatchDevices(db, organisationId, 1),
  countEntriesPerMinute: (db) => matchDay.countEntriesPerMinute(db, 1),
  countRefusalsOverTime: (db) => matchDay.countRefusalsOverTime(db, 1),
});
