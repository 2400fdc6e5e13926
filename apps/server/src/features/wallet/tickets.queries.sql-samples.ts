import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as tickets from './tickets.queries';

const { afm, publicCode, digest } = sample;

export const samples = sqlSamples(tickets, {
  listHeldTickets: {
    'the wallet': (db) => tickets.listHeldTickets(db, afm),
    'one ticket of it': (db) => tickets.listHeldTickets(db, afm, publicCode),
  },
  listDependentsTickets: {
    'the wallet': (db) => tickets.listDependentsTickets(db, afm),
    'one ticket of it': (db) => tickets.listDependentsTickets(db, afm, publicCode),
  },
  listBorrowedFixtures: (db) => tickets.listBorrowedFixtures(db, afm),
  listUpcomingFixtures: (db) => tickets.listUpcomingFixtures(db, [1, 2]),
  findRegistryAmka: (db) => tickets.findRegistryAmka(db, afm),
  listSuspensionChecksOf: (db) => tickets.listSuspensionChecksOf(db, [digest, digest], 20),
  listTicketAuditOf: (db) => tickets.listTicketAuditOf(db, afm, ['TICKET_LOOKUP', 'WALLET_CLAIM'], 20),
});
