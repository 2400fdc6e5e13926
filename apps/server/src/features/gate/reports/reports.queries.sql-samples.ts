import { officer, sample, sqlSamples } from '../../../../test/support/sql-files/module';
import * as reports from './reports.queries';

const { id, organisationId, publicCode } = sample;

export const samples = sqlSamples(reports, {
  listMatchesNotOverOfClub: (db) => reports.listMatchesNotOverOfClub(db, organisationId),
  listMatchesNotOverForOfficer: (db) => reports.listMatchesNotOverForOfficer(db, officer),
  listMatchesOverForOfficer: (db) => reports.listMatchesOverForOfficer(db, officer),
  findEventForOfficer: (db) => reports.findEventForOfficer(db, officer, 1),
  countAdmissions: (db) => reports.countAdmissions(db, 1),
  countRefusals: (db) => reports.countRefusals(db, 1),
  findLastDecision: (db) => reports.findLastDecision(db, 1),
  countDoubleEntries: (db) => reports.countDoubleEntries(db, 1),
  listDoubleEntries: (db) => reports.listDoubleEntries(db, 1),
  markAdmissionVoided: (db) => reports.markAdmissionVoided(db, officer, 1, publicCode),
  findDeviceLabel: (db) => reports.findDeviceLabel(db, id),
  findLiveAdmission: (db) => reports.findLiveAdmission(db, officer, 1, publicCode),
});
