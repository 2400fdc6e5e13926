import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as companions from './queries';

const { afm, amka, id, publicCode } = sample;
const declaration = {
  guardianId: 1,
  minorId: 2,
  ticketId: 1,
  companionAfm: afm,
  companionName: 'Α Β',
  status: 'PENDING' as const,
};

export const samples = sqlSamples(companions, {
  isAdult: (db) => companions.isAdult(db, 1),
  listDependents: (db) => companions.listDependents(db, 1),
  findDependentByAmka: (db) => companions.findDependentByAmka(db, 1, amka),
  findMinorsTicket: (db) => companions.findMinorsTicket(db, publicCode, amka),
  findGuardiansDeclaration: (db) => companions.findGuardiansDeclaration(db, 1, id),
  insertDeclaration: {
    'a new request (none while the ticket has a live one)': (db) =>
      companions.insertDeclaration(db, declaration, { unlessLive: true }),
    'a replacement': (db) => companions.insertDeclaration(db, { ...declaration, replacesId: id }),
  },
  moveDeclaration: (db) => companions.moveDeclaration(db, id, 'PENDING', 'CANCELLED'),
  listLiveDeclarations: (db) => companions.listLiveDeclarations(db, afm),
  toDeclaration: null,
});
