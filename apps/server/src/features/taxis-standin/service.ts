import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isValidAfm, messages } from '@tickets/domain';
import type { Db } from '../../db/client';
import {
  deleteGrantsBefore,
  exchangeGrantOnce,
  findGrantByCode,
  findGrantByTokenSince,
  findPersonByAfm,
  insertGrant,
} from './queries';

/** A code must be exchanged within this, once; the token it gives lasts TOKEN_TTL_SECONDS. */
const CODE_TTL_MS = 5 * 60_000;
export const TOKEN_TTL_SECONDS = 3600;

export interface GrantRequest {
  afm: string;
  firstName: string;
  lastName: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
}

interface Person {
  afm: string;
  firstName: string;
  lastName: string;
}

/** A login hint signs its person in at once when it is a valid ΑΦΜ the registry knows. */
export const personOfHint = async (db: Db, hint: string | undefined): Promise<Person | undefined> =>
  hint && isValidAfm(hint) ? findPersonByAfm(db, hint) : undefined;

/**
 * Whom the sign-in form signs in: the registry's person of the ΑΦΜ typed, else that ΑΦΜ with the
 * names typed; or what to correct.
 */
export async function personOfForm(
  db: Db,
  typed: Person,
): Promise<{ person: Person; error?: undefined } | { error: string }> {
  if (!isValidAfm(typed.afm)) return { error: messages.standIn.invalidAfm };
  const registered = await findPersonByAfm(db, typed.afm);
  const person = registered ?? {
    afm: typed.afm,
    firstName: typed.firstName.trim(),
    lastName: typed.lastName.trim(),
  };
  if (!person.firstName || !person.lastName) return { error: messages.standIn.namesRequired };
  return { person };
}

export async function issueCode(db: Db, request: GrantRequest): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await insertGrant(db, { code, ...request, codeChallenge: request.codeChallenge ?? null });
  return code;
}

const pkceChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * RFC 6749 §4.1.3 with PKCE (RFC 7636): a code is exchanged once, within minutes, by the client
 * it was issued to, for the redirect URI it was issued with. Answers the token or undefined.
 */
export async function exchangeCode(
  db: Db,
  exchange: { code: string; clientId: string; redirectUri: string; codeVerifier: string | undefined },
): Promise<string | undefined> {
  const grant = await findGrantByCode(db, exchange.code);
  if (!grant || grant.clientId !== exchange.clientId || grant.redirectUri !== exchange.redirectUri)
    return undefined;
  if (
    grant.codeChallenge &&
    !(exchange.codeVerifier && sameText(pkceChallengeOf(exchange.codeVerifier), grant.codeChallenge))
  ) {
    return undefined;
  }
  const accessToken = randomBytes(32).toString('base64url');
  const updated = await exchangeGrantOnce(db, exchange.code, accessToken, new Date(Date.now() - CODE_TTL_MS));
  return updated.length === 1 ? accessToken : undefined;
}

export const findGrantByToken = (db: Db, accessToken: string) =>
  findGrantByTokenSince(db, accessToken, new Date(Date.now() - TOKEN_TTL_SECONDS * 1000));

/** Codes never exchanged in time and tokens past their lifetime serve no one: run periodically. */
export async function purgeExpiredGrants(db: Db): Promise<void> {
  const now = Date.now();
  await deleteGrantsBefore(db, new Date(now - CODE_TTL_MS), new Date(now - TOKEN_TTL_SECONDS * 1000));
}
