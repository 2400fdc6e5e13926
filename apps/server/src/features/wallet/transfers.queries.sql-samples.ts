import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as transfers from './transfers.queries';

const { afm, id, publicCode, at } = sample;

export const samples = sqlSamples(transfers, {
  findTransfer: (db) => transfers.findTransfer(db, id),
  listTransfersOf: (db) => transfers.listTransfersOf(db, afm),
  lockTicket: (db) => transfers.lockTicket(db, 1),
  findHeldSeasonTicket: (db) => transfers.findHeldSeasonTicket(db, publicCode, afm),
  findFixture: (db) => transfers.findFixture(db, 1),
  countTransfers: (db) => transfers.countTransfers(db, 1, ['ACCEPTED', 'COMPLETED']),
  insertPendingTransfer: (db) =>
    transfers.insertPendingTransfer(db, {
      ticketId: 1,
      fixtureId: 2,
      fromAfm: afm,
      toAfm: '100000015',
      toName: 'ΓΙΩΡΓΟΣ ΔΗΜΗΤΡΙΟΥ',
    }),
  findTransferOfParty: (db) => transfers.findTransferOfParty(db, id, 'to', afm),
  answerPendingTransfer: (db) =>
    transfers.answerPendingTransfer(db, id, { status: 'ACCEPTED', revertAt: at }),
  revertAcceptedLoansDue: (db) => transfers.revertAcceptedLoansDue(db, at),
});
