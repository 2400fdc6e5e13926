import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, lte, or } from 'drizzle-orm';
import type { Role } from '@tickets/domain';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { officers, sessions } from '../db/schema';
import { SessionCache, type KeptSession } from './session-cache';

export { SessionCache };

/**
 * In production the `__Host-` prefix has the browser keep the cookie only if it is Secure, for
 * Path=/ and without a Domain: no subdomain or plain-http page can plant or overwrite it.
 * Development over http keeps the plain name, since the prefix requires Secure.
 */
export const sessionCookieName = (profile: 'development' | 'production') =>
  profile === 'production' ? '__Host-tickets_session' : 'tickets_session';
/**
 * Writing last_seen_at on every request would turn every read into a write: once a minute is
 * enough, or ten times per idle timeout when that is shorter (a last_seen_at that much behind
 * ends a session in use that much early).
 */
const TOUCH_INTERVAL_MS = 60_000;
const TOUCHES_PER_IDLE_TIMEOUT = 10;

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

/**
 * How old last_seen_at may grow before a request writes it again, which is also how long a kept
 * session is trusted: never longer than the idle timeout, so no cache outlives it.
 */
export const touchIntervalMs = (policy: SessionPolicy) =>
  Math.min(TOUCH_INTERVAL_MS, (policy.idleMinutes * 60_000) / TOUCHES_PER_IDLE_TIMEOUT);

/**
 * What a session is kept under (`sessions.id_hash`): its token's SHA-256, never the token. One-shot
 * `hash`, cheaper than createHash().update().digest() on every request (bench/README.md).
 */
export const sessionIdHash = (token: string) => hash('sha256', token, 'base64url');

export async function createSession(
  db: Db,
  person: { afm: string; firstName: string; lastName: string },
  policy: SessionPolicy,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: sessionIdHash(token),
    afm: person.afm,
    firstName: person.firstName,
    lastName: person.lastName,
    expiresAt: new Date(Date.now() + policy.absoluteHours * 3_600_000),
  });
  return token;
}

/** Every request reads its session: the query is prepared once per database and only bound after. */
const sessionQuery = preparedQuery<{ idHash: string; now: Date; idleSince: Date }>()((db, p) =>
  db
    .select({
      afm: sessions.afm,
      firstName: sessions.firstName,
      lastName: sessions.lastName,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      officerActive: officers.active,
      organisationId: officers.organisationId,
    })
    .from(sessions)
    .leftJoin(officers, eq(officers.afm, sessions.afm))
    .where(
      and(eq(sessions.idHash, p.idHash), gt(sessions.expiresAt, p.now), gt(sessions.lastSeenAt, p.idleSince)),
    )
    .limit(1)
    .prepare('find_session_user'),
);

/**
 * The person behind a session cookie, with the role read afresh from `officers` (docs/design.md §3),
 * or undefined when the session is unknown, idle too long or past its absolute expiry.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  policy: SessionPolicy,
  cache?: SessionCache,
): Promise<SessionUser | undefined> {
  return keptSessionUser(token, policy, cache) ?? readSessionUser(db, token, policy, cache);
}

/**
 * The session as this process keeps it, without a database round trip or a promise (every request
 * asks): used until it is due a touch, which also bounds its idle and absolute expiry. Undefined
 * when it must be read.
 */
export function keptSessionUser(
  token: string,
  policy: SessionPolicy,
  cache: SessionCache | undefined,
): SessionUser | undefined {
  const kept = cache?.get(sessionIdHash(token));
  const now = Date.now();
  if (kept && now - kept.lastSeenAt.getTime() < touchIntervalMs(policy) && now < kept.expiresAt.getTime()) {
    return toSessionUser(kept);
  }
  return undefined;
}

/** Reads the session from the database (touching it when due) and keeps it. */
export async function readSessionUser(
  db: Db,
  token: string,
  policy: SessionPolicy,
  cache?: SessionCache,
): Promise<SessionUser | undefined> {
  const idHash = sessionIdHash(token);
  const read = () => readAndTouch(db, idHash, policy, cache);
  const row = await (cache ? cache.shareRead(idHash, read) : read());
  return row && toSessionUser(row);
}

async function readAndTouch(db: Db, idHash: string, policy: SessionPolicy, cache?: SessionCache) {
  const now = new Date();
  const readBeganAt = cache?.readBegins() ?? 0;
  const idleSince = new Date(now.getTime() - policy.idleMinutes * 60_000);
  const [row] = await sessionQuery(db).execute({ idHash, now, idleSince });
  if (!row) return undefined;

  if (now.getTime() - row.lastSeenAt.getTime() >= touchIntervalMs(policy)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    row.lastSeenAt = now;
  }
  cache?.keep(idHash, row, readBeganAt);
  return row;
}

function toSessionUser(row: KeptSession): SessionUser {
  const officer = row.officerActive === true;
  return {
    afm: row.afm,
    firstName: row.firstName,
    lastName: row.lastName,
    role: officer ? 'OFFICER' : 'STANDARD_USER',
    organisationId: officer ? row.organisationId : null,
  };
}

export async function deleteSession(db: Db, token: string, cache?: SessionCache): Promise<void> {
  const idHash = sessionIdHash(token);
  cache?.forget(idHash);
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Removes sessions past either expiry; run periodically. */
export async function purgeExpiredSessions(db: Db, policy: SessionPolicy): Promise<void> {
  const idleSince = new Date(Date.now() - policy.idleMinutes * 60_000);
  await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleSince)));
}
