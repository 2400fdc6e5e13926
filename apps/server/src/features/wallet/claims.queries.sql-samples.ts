import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as claims from './claims.queries';

const { afm, amka, publicCode } = sample;

export const samples = sqlSamples(claims, {
  findClaimedTicket: (db) => claims.findClaimedTicket(db).execute({ publicCode }),
  findClaim: (db) => claims.findClaim(db).execute({ publicCode, afm }),
  findDependent: (db) => claims.findDependent(db).execute({ guardianAfm: afm, amka }),
  bindToWallet: (db) =>
    claims.bindToWallet(db).execute({
      id: 1,
      holderAfm: afm,
      holderAmka: null,
      fullName: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      ...sample.audited,
    }),
});
