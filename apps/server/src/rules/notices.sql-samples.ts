import type { Db } from '../db/client';
import { citizens, companionDeclarations, events, tickets, transfers } from '../db/schema';
import { sample, sqlSamples } from '../../test/support/sql-files/module';
import * as notices from './notices';

const { afm, amka, id, publicCode } = sample;

/** Match 1 and its ticket 1, which a notice reads with the change it is about (it is an error without). */
async function writeMatch(unlogged: Db) {
  await unlogged.insert(events).values({
    id: 1,
    organisationId: sample.organisationId,
    externalId: 'match',
    description: 'ΟΛΥΜΠΙΑΚΟΣ - ΠΑΟΚ',
    startsAt: sample.at,
    venue: 'ΣΤΑΔΙΟ',
  });
  await unlogged.insert(tickets).values({ id: 1, publicCode, eventId: 1, holderAmka: amka });
}

export const samples = sqlSamples(notices, {
  declarationNotice: async (db, unlogged) => {
    await writeMatch(unlogged);
    await unlogged.insert(citizens).values([
      { id: 1, amka, firstName: 'ΝΙΚΟΣ', lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΣ', birthDate: '2015-01-01' },
      {
        id: 2,
        afm,
        amka: '01018000002',
        firstName: 'ΜΑΡΙΑ',
        lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
        birthDate: '1980-01-01',
      },
    ]);
    await unlogged.insert(companionDeclarations).values({
      id,
      guardianId: 2,
      minorId: 1,
      ticketId: 1,
      companionAfm: '100000015',
      companionName: 'ΓΙΩΡΓΟΣ ΔΗΜΗΤΡΙΟΥ',
      status: 'ACCEPTED',
    });
    await notices.declarationNotice(db, id);
  },
  transferNotice: async (db, unlogged) => {
    await writeMatch(unlogged);
    await unlogged.insert(transfers).values({
      id,
      ticketId: 1,
      fixtureId: 1,
      fromAfm: afm,
      toAfm: '100000015',
      toName: 'ΓΙΩΡΓΟΣ ΔΗΜΗΤΡΙΟΥ',
      status: 'ACCEPTED',
    });
    await notices.transferNotice(db, id);
  },
  suspensionNotices: (db) =>
    notices.suspensionNotices(db, [{ afm }], 'SUSPENSION_ENTERED', {
      endDate: '2099-01-01',
      organisationId: sample.organisationId,
    }),
  ticketBoundNotice: null,
  minorAdmittedNotices: (db) => notices.minorAdmittedNotices(db, [id]),
});
