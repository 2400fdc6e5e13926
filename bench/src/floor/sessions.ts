/**
 * What every request of the platform does too: its session, from memory once read, read again and
 * touched when the platform's policy says (the statements are the platform's: database.ts).
 */
import type http from 'node:http';
import { platformPlumbing } from '../../../apps/server/src/bench-api';
import type { Run, SentStatements } from './database';

const SESSION = platformPlumbing.session;
const TOUCH_INTERVAL_MS = SESSION.touchIntervalMs(SESSION.policy);
const SESSION_COOKIE = `${SESSION.cookieName}=`;

export interface Session {
  afm: string;
  firstName: string;
  lastName: string;
  lastSeenAt: number;
  expiresAt: number;
  officer: boolean;
  organisationId: string | null;
}

/** The session of a request's cookie, or undefined when it has none or it is not signed in. */
export function sessionReader(run: Run, statements: Pick<SentStatements, 'session' | 'touch'>) {
  const sessions = new Map<string, Session>();
  return async function sessionOf(request: http.IncomingMessage): Promise<Session | undefined> {
    const cookie = request.headers.cookie ?? '';
    const at = cookie.indexOf(SESSION_COOKIE);
    if (at < 0) return undefined;
    const end = cookie.indexOf(';', at);
    const token = cookie.slice(at + SESSION_COOKIE.length, end < 0 ? undefined : end);
    const idHash = SESSION.idHash(token);
    const now = Date.now();
    const kept = sessions.get(idHash);
    if (kept && now - kept.lastSeenAt < TOUCH_INTERVAL_MS && now < kept.expiresAt) return kept;
    const idleSince = now - SESSION.policy.idleMinutes * 60_000;
    const [row] = await run(statements.session, [
      idHash,
      new Date(now).toISOString(),
      new Date(idleSince).toISOString(),
      1,
    ]);
    if (!row) return undefined;
    const session: Session = {
      afm: row.afm as string,
      firstName: row.first_name as string,
      lastName: row.last_name as string,
      lastSeenAt: new Date(row.last_seen_at as string).getTime(),
      expiresAt: new Date(row.expires_at as string).getTime(),
      officer: row.active === true,
      organisationId: row.active === true ? (row.organisation_id as string | null) : null,
    };
    if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
      const touched = new Date(now);
      await run(statements.touch, [touched.toISOString(), idHash]);
      session.lastSeenAt = now;
    }
    sessions.set(idHash, session);
    return session;
  };
}
