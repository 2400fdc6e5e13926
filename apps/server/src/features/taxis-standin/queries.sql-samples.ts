import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as taxisStandIn from './queries';

const { afm, at } = sample;
const grant = { code: 'code', afm, firstName: 'ΜΑΡΙΑ', lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ', clientId: 'client' };

export const samples = sqlSamples(taxisStandIn, {
  insertGrant: (db) => taxisStandIn.insertGrant(db, { ...grant, redirectUri: 'http://127.0.0.1/callback' }),
  findGrantByCode: (db) => taxisStandIn.findGrantByCode(db, 'code'),
  exchangeGrantOnce: (db) => taxisStandIn.exchangeGrantOnce(db, 'code', 'token', at),
  findGrantByTokenSince: (db) => taxisStandIn.findGrantByTokenSince(db, 'token', at),
  deleteGrantsBefore: (db) => taxisStandIn.deleteGrantsBefore(db, at, at),
  findPersonByAfm: (db) => taxisStandIn.findPersonByAfm(db, afm),
  listPeopleToOffer: (db) => taxisStandIn.listPeopleToOffer(db, 20),
});
