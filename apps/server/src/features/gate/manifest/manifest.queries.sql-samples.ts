import { identityKey } from '@tickets/domain';
import { sample, sqlSamples } from '../../../../test/support/sql-files/module';
import * as manifest from './manifest.queries';

const { organisationId } = sample;

export const samples = sqlSamples(manifest, {
  findMatchOfClub: (db) => manifest.findMatchOfClub(db, 1, organisationId),
  ticketsAdmitting: (db) => manifest.ticketsAdmitting(db, 1, [1, 2], { after: 0, limit: 2000 }),
  walletCredentialsAdmitting: (db) => manifest.walletCredentialsAdmitting(db, [1, 2], [1]),
  suspendedKeysAmong: (db) => manifest.suspendedKeysAmong(db, [identityKey.afm(sample.afm)]),
  snapshotPosition: (db) => manifest.snapshotPosition(db),
  changedTickets: (db) => manifest.changedTickets(db, [1, 2], '10:20:12,15'),
});
