import { createHash, createHmac, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify, type JWK } from 'jose';
import {
  DPOP_NONCE_WINDOW_SECONDS,
  DPOP_PROOF_CLOCK_SKEW_SECONDS,
  DPOP_PROOF_MAX_AGE_SECONDS,
  DPOP_SIGNING_ALGS,
} from '@tickets/domain';

/**
 * DPoP (RFC 9449), which HAIP 1.0 asks of an EU wallet's access token (docs/design.md §12): the wallet
 * proves at the token endpoint, and again with each use of the token, that it holds a key, and the
 * token is bound to that key's thumbprint. A stolen token alone issues nothing.
 */

/** The header a server DPoP nonce travels in (RFC 9449 §8). */
export const DPOP_NONCE_HEADER = 'dpop-nonce';

/**
 * The server's DPoP nonces (RFC 9449 §8), stateless so that any process checks another's: an HMAC of
 * the number of the current time window, under a key derived from the issuer's signing key. A nonce
 * is accepted in its own window and the next, so it is good for one to two windows.
 */
export interface DpopNonces {
  current(now?: number): string;
  accepts(nonce: string, now?: number): boolean;
}

const noncesOfKey = new WeakMap<KeyObject, DpopNonces>();

/** The nonces of an issuer signing key (made once per key and process). */
export function dpopNonces(issuerKey: KeyObject): DpopNonces {
  const known = noncesOfKey.get(issuerKey);
  if (known) return known;
  const made = noncesUnder(nonceKeyOf(issuerKey));
  noncesOfKey.set(issuerKey, made);
  return made;
}

/** A key of its own for the nonces (HKDF, `dpop-nonce`), so that no HMAC is made with the signing key itself. */
function nonceKeyOf(issuerKey: KeyObject): Buffer {
  const { d } = issuerKey.export({ format: 'jwk' });
  if (!d) throw new Error('The issuer signing key has no private part');
  return Buffer.from(hkdfSync('sha256', Buffer.from(d, 'base64url'), Buffer.alloc(0), 'dpop-nonce', 32));
}

function noncesUnder(key: Buffer): DpopNonces {
  const windowAt = (now: number) => Math.floor(now / 1000 / DPOP_NONCE_WINDOW_SECONDS);
  const nonceOf = (window: number) => createHmac('sha256', key).update(String(window)).digest('base64url');
  return {
    current: (now = Date.now()) => nonceOf(windowAt(now)),
    accepts: (nonce, now = Date.now()) => {
      const window = windowAt(now);
      return [window, window - 1].some((accepted) => sameText(nonceOf(accepted), nonce));
    },
  };
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** What a proof is checked against: the request it came with, the server's nonces, the token it uses. */
export interface DpopExpectation {
  /** The request's method. */
  method: string;
  /** The endpoint's URL from the service's public origin (never the Host header), without query. */
  url: string;
  nonces: DpopNonces;
  /** At the credential endpoint: the access token, whose hash the proof's `ath` must be. */
  accessToken?: string;
  now?: number;
}

/**
 * A proof verified: the thumbprint (RFC 7638) of its key, which a token is bound to. Or why not, as
 * RFC 9449 names it: `use_dpop_nonce` when all holds but a current server nonce (the wallet retries
 * with the nonce of the `DPoP-Nonce` header), `invalid_dpop_proof` for anything else.
 */
export type DpopCheck = { jkt: string } | { refused: 'invalid_dpop_proof' | 'use_dpop_nonce' };

const INVALID = { refused: 'invalid_dpop_proof' } as const;
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const MAX_PROOF_LENGTH = 8_192;

/** The checks of RFC 9449 §4.3 on the `DPoP` header of a request. */
export async function verifyDpopProof(
  header: string | string[] | undefined,
  expected: DpopExpectation,
): Promise<DpopCheck> {
  // One header, one compact JWS (two `DPoP` headers arrive joined, and fail here).
  if (typeof header !== 'string' || header.length > MAX_PROOF_LENGTH || !COMPACT_JWS.test(header))
    return INVALID;
  const now = expected.now ?? Date.now();
  let verified;
  try {
    // The signature by the header's `jwk`, a public key (jose refuses a private one), of an allowed alg.
    verified = await jwtVerify(header, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: [...DPOP_SIGNING_ALGS],
      currentDate: new Date(now),
    });
  } catch {
    return INVALID;
  }
  const { payload, protectedHeader } = verified;
  const jwk = protectedHeader.jwk as (JWK & Record<string, unknown>) | undefined;
  if (!jwk || PRIVATE_MEMBERS.some((member) => member in jwk)) return INVALID;
  const seconds = now / 1000;
  if (
    payload.htm !== expected.method ||
    withoutQuery(payload.htu) !== withoutQuery(expected.url) ||
    typeof payload.iat !== 'number' ||
    payload.iat < seconds - DPOP_PROOF_MAX_AGE_SECONDS ||
    payload.iat > seconds + DPOP_PROOF_CLOCK_SKEW_SECONDS ||
    typeof payload.jti !== 'string' ||
    payload.jti.length === 0 ||
    payload.jti.length > 256
  )
    return INVALID;
  if (expected.accessToken !== undefined && payload.ath !== accessTokenHash(expected.accessToken))
    return INVALID;
  if (typeof payload.nonce !== 'string' || !expected.nonces.accepts(payload.nonce, now))
    return { refused: 'use_dpop_nonce' };
  return { jkt: await calculateJwkThumbprint(jwk, 'sha256') };
}

/** The `ath` of a proof that uses an access token: base64url of the token's SHA-256. */
const accessTokenHash = (accessToken: string) =>
  createHash('sha256').update(accessToken, 'ascii').digest('base64url');

/** A URL as `htu` compares it (RFC 9449 §4.3): normalised, without query and fragment. */
function withoutQuery(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
