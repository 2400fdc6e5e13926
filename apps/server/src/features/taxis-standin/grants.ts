import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxisStandInGrants } from '../../db/schema';

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

export async function issueCode(db: Db, request: GrantRequest): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db
    .insert(taxisStandInGrants)
    .values({ code, ...request, codeChallenge: request.codeChallenge ?? null });
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
  const [grant] = await db
    .select()
    .from(taxisStandInGrants)
    .where(eq(taxisStandInGrants.code, exchange.code));
  if (!grant || grant.clientId !== exchange.clientId || grant.redirectUri !== exchange.redirectUri)
    return undefined;
  if (
    grant.codeChallenge &&
    !(exchange.codeVerifier && sameText(pkceChallengeOf(exchange.codeVerifier), grant.codeChallenge))
  ) {
    return undefined;
  }
  const accessToken = randomBytes(32).toString('base64url');
  const updated = await db
    .update(taxisStandInGrants)
    .set({ accessToken, exchangedAt: new Date() })
    .where(
      and(
        eq(taxisStandInGrants.code, exchange.code),
        isNull(taxisStandInGrants.exchangedAt),
        gt(taxisStandInGrants.createdAt, new Date(Date.now() - CODE_TTL_MS)),
      ),
    )
    .returning({ code: taxisStandInGrants.code });
  return updated.length === 1 ? accessToken : undefined;
}

export async function findGrantByToken(db: Db, accessToken: string) {
  const [grant] = await db
    .select()
    .from(taxisStandInGrants)
    .where(
      and(
        eq(taxisStandInGrants.accessToken, accessToken),
        gt(taxisStandInGrants.exchangedAt, new Date(Date.now() - TOKEN_TTL_SECONDS * 1000)),
      ),
    );
  return grant;
}

/** Codes never exchanged in time and tokens past their lifetime serve no one: run periodically. */
export async function purgeExpiredGrants(db: Db): Promise<void> {
  const now = Date.now();
  await db
    .delete(taxisStandInGrants)
    .where(
      or(
        and(
          isNull(taxisStandInGrants.exchangedAt),
          lte(taxisStandInGrants.createdAt, new Date(now - CODE_TTL_MS)),
        ),
        lte(taxisStandInGrants.exchangedAt, new Date(now - TOKEN_TTL_SECONDS * 1000)),
      ),
    );
}
