import { identityKey } from '@tickets/domain';
import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as suspensions from './queries';

const { afm, amka, organisationId } = sample;

export const samples = sqlSamples(suspensions, {
  listUpcomingHolders: (db) =>
    suspensions.listUpcomingHolders(db, { afms: [afm], amkas: [amka], documentKeys: ['Α1'] }, organisationId),
  listUpcomingBorrowers: (db) => suspensions.listUpcomingBorrowers(db, [afm], organisationId),
  insertSuspension: (db) => suspensions.insertSuspension(db, { afm, endDate: '2027-01-01', createdBy: afm }),
  findSuspensionsByKeys: (db) => suspensions.findSuspensionsByKeys(db, [identityKey.afm(afm)]),
  lockActiveSuspension: (db) => suspensions.lockActiveSuspension(db, 1),
  markLifted: (db) => suspensions.markLifted(db, 1, afm),
});
