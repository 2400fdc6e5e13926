import { gateManifests } from '../../../db/schema';
import { sample, sqlSamples } from '../../../../test/support/sql-files/module';
import * as manifestBook from './manifest-book.queries';

const { organisationId, digest } = sample;
const head = {
  eventId: 1,
  organisationId,
  salt: 'salt',
  keysDigest: digest,
  revision: 1,
  digest,
  header: '{}',
};
const bookRows = [{ mark: 'entry:1', sealed: 'sealed', tag: 'tag', changedAt: 1 }];

export const samples = sqlSamples(manifestBook, {
  readBookHead: (db) => manifestBook.readBookHead(db).execute({ eventId: 1, rebuildSeconds: 60 }),
  claimBookReading: (db) => manifestBook.claimBookReading(db, 1, 60),
  bookRowsSince: (db) => manifestBook.bookRowsSince(db, 1, 0, { afterMark: '', limit: 2000 }),
  storeNewBook: {
    'a first book': (db) => manifestBook.storeNewBook(db, head, bookRows, undefined),
    'in place of the stored book': async (db, unlogged) => {
      await unlogged.insert(gateManifests).values({ ...head, readAt: sample.at });
      await manifestBook.storeNewBook(db, { ...head, salt: 'new' }, bookRows, {
        salt: head.salt,
        revision: 1,
      });
    },
  },
  // The head at revision 1, moved to 2 with its rows.
  storeRevision: async (db, unlogged) => {
    await unlogged.insert(gateManifests).values({ ...head, readAt: sample.at });
    await manifestBook.storeRevision(db, { ...head, revision: 2 }, 1, bookRows);
  },
  purgeOldManifests: (db) => manifestBook.purgeOldManifests(db),
});
