import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as ticketOffice from './queries';

const binding = {
  id: 1,
  fullName: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
  documentType: 'PASSPORT',
  documentId: 'Α1',
  documentKey: 'Α1',
  privateCode: 'code',
  binding: 'IDENTIFY',
  ...sample.audited,
};

export const samples = sqlSamples(ticketOffice, {
  bindUnboundTicket: (db) => ticketOffice.bindUnboundTicket(db).execute(binding),
  // The same statement as bindUnboundTicket, sent on the transaction's connection.
  bindUnboundTicketIn: (db) => db.transaction((tx) => ticketOffice.bindUnboundTicketIn(db, tx, binding)),
  findIdentityCardHolder: (db) => ticketOffice.findIdentityCardHolder(db, 'Α1'),
  replacePrintedCode: (db) =>
    ticketOffice.replacePrintedCode(db, { id: 1, codeSerial: 1 } as ticketOffice.TicketRow, 2, 'code'),
  findTicket: (db) => ticketOffice.findTicket(db, 1),
});
