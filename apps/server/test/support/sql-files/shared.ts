import { sql } from 'drizzle-orm';
import { sessions } from '../../../src/db/schema';
import * as audit from '../../../src/shared/audit';
import * as sessionStore from '../../../src/shared/sessions';
import { sample, sqlModule } from './module';

const policy = { idleMinutes: 30, absoluteHours: 12 };
const person = { afm: sample.afm, firstName: 'ΜΑΡΙΑ', lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ' };

/** The plumbing every request runs (its session) or most write (an audit row), besides the features'. */
export const sharedModules = [
  sqlModule('shared.sessions', 'shared/sessions.ts', sessionStore, {
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
  }),
  sqlModule('shared.audit', 'shared/audit.ts', audit, {
    // Outside a transaction: the group commit's INSERT (in one, the same rows in a statement of their own).
    audit: (db) => audit.audit(db, { ...sample.audited, details: { eventId: 1 } }),
    auditedWith: null,
    auditedRowsWith: null,
    auditInsert: null,
    auditBatches: null,
  }),
];
