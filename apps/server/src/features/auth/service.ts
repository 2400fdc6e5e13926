import type { Db } from '../../db/client';
import { audit } from '../../shared/audit';
import {
  createSession,
  deleteSession,
  type SessionCache,
  type SessionPolicy,
  type SessionUser,
} from '../../shared/sessions';
import { deleteLoginAttemptsBefore, insertLoginAttempt, takeLoginAttemptSince } from './queries';
import type { TaxisClient } from './taxis-client';

/** A login must come back from TaxisNet within this; the state cookie lives as long. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;

/** A login sent to TaxisNet, remembered (its state and PKCE verifier) until it comes back. */
export async function startLogin(
  db: Db,
  taxis: TaxisClient,
  redirectUri: string,
  loginHint: string | undefined,
  returnBase: string,
) {
  const login = await taxis.startLogin(redirectUri, loginHint);
  await insertLoginAttempt(db, { state: login.state, codeVerifier: login.codeVerifier, returnBase });
  return login;
}

/** The attempt a callback completes: its state must be the one this browser was given, and is usable once. */
export async function takeLoginAttempt(db: Db, state: string | undefined, cookieState: string | undefined) {
  return state && state === cookieState
    ? takeLoginAttemptSince(db, state, new Date(Date.now() - LOGIN_ATTEMPT_TTL_MS))
    : undefined;
}

/** Who TaxisNet says logged in gets a session (its token is answered) and an audit row. */
export async function finishLogin(
  db: Db,
  taxis: TaxisClient,
  callbackUrl: URL,
  attempt: { state: string; codeVerifier: string },
  sessionPolicy: SessionPolicy,
  requestId: string,
): Promise<string> {
  const person = await taxis.finishLogin(callbackUrl, attempt);
  const token = await createSession(
    db,
    { afm: person.taxid, firstName: person.firstname, lastName: person.lastname },
    sessionPolicy,
  );
  await audit(db, { actor: person.taxid, action: 'LOGIN', requestId });
  return token;
}

/** Ends the browser's session, if it has one; audited when someone was signed in. */
export async function logout(
  db: Db,
  token: string | undefined,
  cache: SessionCache,
  user: SessionUser | undefined,
  requestId: string,
): Promise<void> {
  if (token) await deleteSession(db, token, cache);
  if (user) await audit(db, { actor: user.afm, action: 'LOGOUT', requestId });
}

/** Every login start writes a row, and an abandoned one is never taken back: run periodically. */
export async function purgeExpiredLoginAttempts(db: Db): Promise<void> {
  await deleteLoginAttemptsBefore(db, new Date(Date.now() - LOGIN_ATTEMPT_TTL_MS));
}
