import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Role } from '@tickets/domain';
import type { Db } from '../db/client';
import { officers, sessions } from '../db/schema';

export const SESSION_COOKIE = 'tickets_session';
/** Writing last_seen_at on every request would turn every read into a write: once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionUser {
  afm: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The officer's organisation; null for a platform-wide officer or a citizen. */
  organisationId: string | null;
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(
  db: Db,
  person: { afm: string; firstName: string; lastName: string },
  policy: SessionPolicy,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashToken(token),
    afm: person.afm,
    firstName: person.firstName,
    lastName: person.lastName,
    expiresAt: new Date(Date.now() + policy.absoluteHours * 3_600_000),
  });
  return token;
}

/** Every request reads its session: the query is prepared once per database and only bound after. */
function prepareSessionQuery(db: Db) {
  return db
    .select({
      afm: sessions.afm,
      firstName: sessions.firstName,
      lastName: sessions.lastName,
      lastSeenAt: sessions.lastSeenAt,
      officerActive: officers.active,
      organisationId: officers.organisationId,
    })
    .from(sessions)
    .leftJoin(officers, eq(officers.afm, sessions.afm))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('find_session_user');
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();

/**
 * The person behind a session cookie, with the role read afresh from `officers` (DESIGN.md §3),
 * or undefined when the session is unknown, idle too long or past its absolute expiry.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<SessionUser | undefined> {
  const idHash = hashToken(token);
  const now = new Date();
  const idleSince = new Date(now.getTime() - policy.idleMinutes * 60_000);
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)));
  const [row] = await query.execute({ idHash, now, idleSince });
  if (!row) return undefined;

  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  const officer = row.officerActive === true;
  return {
    afm: row.afm,
    firstName: row.firstName,
    lastName: row.lastName,
    role: officer ? 'OFFICER' : 'STANDARD_USER',
    organisationId: officer ? row.organisationId : null,
  };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Removes sessions past either expiry; run periodically. */
export async function purgeExpiredSessions(db: Db, policy: SessionPolicy): Promise<void> {
  const idleSince = new Date(Date.now() - policy.idleMinutes * 60_000);
  await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleSince)));
}
