import { sql } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { sample, sqlSamples } from '../../test/support/sql-files/module';
import * as sessionStore from './sessions';

const policy = { idleMinutes: 30, absoluteHours: 12 };
const person = { afm: sample.afm, firstName: 'ΜΑΡΙΑ', lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ' };

export const samples = sqlSamples(sessionStore, {
  sessionCookieName: null,
  touchIntervalMs: null,
  sessionIdHash: null,
  createSession: (db) => sessionStore.createSession(db, person, policy),
  // A session last seen ten minutes ago: read, and touched (due once a tenth of the idle timeout has passed).
  findSessionUser: async (db, unlogged) => {
    const token = await sessionStore.createSession(unlogged, person, policy);
    await unlogged.update(sessions).set({ lastSeenAt: sql`now() - interval '10 minutes'` });
    await sessionStore.findSessionUser(db, token, policy);
  },
  keptSessionUser: null,
  readSessionUser: (db) => sessionStore.readSessionUser(db, 'token', policy),
  deleteSession: (db) => sessionStore.deleteSession(db, 'token'),
  purgeExpiredSessions: (db) => sessionStore.purgeExpiredSessions(db, policy),
});
