import { createHash } from 'node:crypto';
import {
  calculateJwkThumbprint,
  compactVerify,
  decodeProtectedHeader,
  importJWK,
  type JWK,
  type JWTPayload,
} from 'jose';
import {
  PRESENTATION_CLOCK_SKEW_SECONDS,
  PRESENTATION_KB_MAX_AGE_SECONDS,
  SD_JWT_VC_FORMAT,
  type PresentationRefusal,
} from '@tickets/domain';

/**
 * The gate's reading of an SD-JWT VC presentation (RFC 9901 §4.3, §7; SD-JWT VC §3): the issuer's
 * signature with one of the platform's issuer keys, each disclosure's digest among the signed ones,
 * and the key-binding JWT signed by the key in `cnf` over this request's nonce and audience, the
 * presentation's `sd_hash`, and a recent `iat`. Written with `jose` from the specification, as the
 * issuer's side is (eu-wallet/issuer/sd-jwt-vc.ts); the tests present with `@sd-jwt/sd-jwt-vc`.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'ascii').digest('base64url');
const decodeJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

export type VerifiedPresentation = {
  ok: true;
  /** The disclosed claims, and only those. */
  disclosed: Record<string, unknown>;
  /** The JWK thumbprint (RFC 7638) of `cnf.jwk`: the key the credential was issued to. */
  keyThumbprint: string;
  /** The status list entry the credential names. */
  status: { idx: number; uri: string };
  vct: string;
};
export type PresentationCheck = VerifiedPresentation | { ok: false; reason: PresentationRefusal };

type Expected = {
  /** The platform's issuer keys, as its JWKS publishes them. */
  issuerKeys: readonly (JWK & { kid: string })[];
  issuer: string;
  vct: string;
  nonce: string;
  audience: string;
  now: Date;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Verifies `vpToken` (one SD-JWT with its key-binding JWT) for the request `expected` describes. */
export async function verifySdJwtPresentation(
  vpToken: string,
  expected: Expected,
): Promise<PresentationCheck> {
  const invalid = { ok: false, reason: 'PRESENTATION_INVALID' } as const;
  const parts = vpToken.split('~');
  const issuerJwt = parts[0] ?? '';
  const kbJwt = parts.at(-1) ?? '';
  const disclosures = parts.slice(1, -1);
  if (parts.length < 2 || kbJwt === '' || disclosures.some((part) => part === '')) return invalid;

  let payload: JWTPayload & Record<string, unknown>;
  try {
    const header = decodeProtectedHeader(issuerJwt);
    const key = expected.issuerKeys.find((candidate) => candidate.kid === header.kid);
    if (!key || header.typ !== SD_JWT_VC_FORMAT || header.alg !== 'ES256') return invalid;
    const verified = await compactVerify(issuerJwt, await importJWK(key, 'ES256'), { algorithms: ['ES256'] });
    payload = JSON.parse(new TextDecoder().decode(verified.payload)) as typeof payload;
  } catch {
    return invalid;
  }
  const nowSeconds = Math.floor(expected.now.getTime() / 1000);
  const digests = Array.isArray(payload._sd) ? payload._sd : [];
  const cnf = isObject(payload.cnf) && isObject(payload.cnf.jwk) ? (payload.cnf.jwk as JWK) : undefined;
  const statusList =
    isObject(payload.status) && isObject(payload.status.status_list) ? payload.status.status_list : undefined;
  if (
    payload.iss !== expected.issuer ||
    payload.vct !== expected.vct ||
    payload._sd_alg !== 'sha-256' ||
    typeof payload.exp !== 'number' ||
    payload.exp <= nowSeconds ||
    !cnf ||
    typeof statusList?.idx !== 'number' ||
    typeof statusList.uri !== 'string'
  )
    return invalid;

  // Each disclosure a top-level claim whose digest the issuer signed, each once.
  const disclosed: Record<string, unknown> = {};
  for (const disclosure of disclosures) {
    if (!digests.includes(sha256(disclosure))) return invalid;
    let decoded: unknown;
    try {
      decoded = decodeJson(disclosure);
    } catch {
      return invalid;
    }
    if (!Array.isArray(decoded) || decoded.length !== 3 || typeof decoded[1] !== 'string') return invalid;
    const name = decoded[1];
    if (name in disclosed || name === '_sd' || name === '...') return invalid;
    disclosed[name] = decoded[2];
  }

  // The key binding (RFC 9901 §4.3): signed by the key the credential was issued to.
  let kb: JWTPayload & Record<string, unknown>;
  try {
    const header = decodeProtectedHeader(kbJwt);
    if (header.typ !== 'kb+jwt' || typeof header.alg !== 'string' || header.alg === 'none') return invalid;
    const alg = header.alg;
    try {
      const verified = await compactVerify(kbJwt, await importJWK(cnf, alg), { algorithms: [alg] });
      kb = JSON.parse(new TextDecoder().decode(verified.payload)) as typeof kb;
    } catch {
      return { ok: false, reason: 'PRESENTATION_KEY' };
    }
  } catch {
    return invalid;
  }
  if (kb.sd_hash !== sha256(vpToken.slice(0, vpToken.length - kbJwt.length))) return invalid;
  if (kb.nonce !== expected.nonce) return { ok: false, reason: 'PRESENTATION_NONCE' };
  if (kb.aud !== expected.audience) return { ok: false, reason: 'PRESENTATION_AUDIENCE' };
  if (
    typeof kb.iat !== 'number' ||
    kb.iat < nowSeconds - PRESENTATION_KB_MAX_AGE_SECONDS ||
    kb.iat > nowSeconds + PRESENTATION_CLOCK_SKEW_SECONDS
  )
    return { ok: false, reason: 'PRESENTATION_STALE' };

  return {
    ok: true,
    disclosed,
    keyThumbprint: await calculateJwkThumbprint(cnf, 'sha256'),
    status: { idx: statusList.idx, uri: statusList.uri },
    vct: payload.vct,
  };
}
