import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { CompactSign, SignJWT, type JWK } from 'jose';
import { SD_JWT_VC_FORMAT } from '@tickets/domain';
import type { IssuerKey } from '../../config';

/**
 * The two encodings the issuer writes, each a few lines of its specification, signed with `jose`:
 * an SD-JWT VC (RFC 9901 §4, SD-JWT VC §3) and a Token Status List (draft-ietf-oauth-status-list §4,
 * §5). The interoperability test reads both with libraries the platform does not use
 * (`@sd-jwt/sd-jwt-vc`, `@sd-jwt/jwt-status-list`), so a mistake here cannot be hidden by the same
 * mistake in the reader.
 */

/**
 * The issuer's signing key with its certificate chain (docs/design.md §12): every JWT it signs
 * carries the chain in `x5c` (leaf first, base64 DER, without the anchor), as HAIP 1.0 asks of an
 * SD-JWT VC and of a status list token, and `kid`, the key's entry in `/.well-known/jwt-vc-issuer`.
 */
export type IssuerSigner = IssuerKey & { x5c: readonly string[] };

const sha256 = (text: string) => createHash('sha256').update(text, 'ascii').digest('base64url');

/** One disclosure (RFC 9901 §4.2.1): `[salt, name, value]`, base64url; its digest goes in `_sd`. */
function discloseClaim(name: string, value: unknown) {
  const salt = randomBytes(16).toString('base64url');
  const disclosure = Buffer.from(JSON.stringify([salt, name, value]), 'utf8').toString('base64url');
  return { disclosure, digest: sha256(disclosure) };
}

export interface SdJwtVcInput {
  /** Claims in the clear: `iss`, `iat`, `exp`, `vct`, `cnf`, `status`. */
  clear: Record<string, unknown>;
  /** Claims the holder discloses one by one, each a top-level claim of its own disclosure. */
  disclosable: Record<string, unknown>;
}

/**
 * Signs an SD-JWT VC (`typ: dc+sd-jwt`): the JWT with the digests of the disclosable claims, sorted
 * so that their order says nothing, then each disclosure, `~`-separated and ending with `~` (no
 * key-binding JWT: the holder adds one when presenting).
 */
export async function issueSdJwtVc(input: SdJwtVcInput, key: IssuerSigner): Promise<string> {
  const disclosed = Object.entries(input.disclosable).map(([name, value]) => discloseClaim(name, value));
  const payload = {
    ...input.clear,
    _sd: disclosed.map(({ digest }) => digest).sort(),
    _sd_alg: 'sha-256',
  };
  const jwt = await new CompactSign(Buffer.from(JSON.stringify(payload), 'utf8'))
    .setProtectedHeader({ alg: 'ES256', typ: SD_JWT_VC_FORMAT, kid: key.kid, x5c: [...key.x5c] })
    .sign(key.privateKey);
  return `${jwt}~${disclosed.map(({ disclosure }) => `${disclosure}~`).join('')}`;
}

/**
 * A status list's `lst` (§4.1) of `size` statuses in `bits` bits, those not 0 given by index: index 0
 * in the least significant bits of the first byte, the bytes compressed with DEFLATE in the ZLIB
 * format, base64url. Only the set statuses are visited: a list of a million places costs what is set.
 */
export function encodeStatusList(
  size: number,
  bits: 1 | 2 | 4 | 8,
  set: Iterable<{ index: number; status: number }>,
): string {
  const perByte = 8 / bits;
  const bytes = new Uint8Array(Math.ceil(size / perByte));
  for (const { index, status } of set) {
    const byte = Math.floor(index / perByte);
    bytes[byte] = (bytes[byte] ?? 0) | (status << ((index % perByte) * bits));
  }
  return deflateSync(bytes, { level: 9 }).toString('base64url');
}

/** The status list token (§5.1): `statuslist+jwt`, its `sub` the list's own address, cacheable for `ttl`. */
export async function signStatusList(
  list: { uri: string; issuer: string; lst: string; bits: number; ttlSeconds: number },
  key: IssuerSigner,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return (
    new SignJWT({ status_list: { bits: list.bits, lst: list.lst }, ttl: list.ttlSeconds })
      .setProtectedHeader({ alg: 'ES256', typ: 'statuslist+jwt', kid: key.kid, x5c: [...key.x5c] })
      .setIssuer(list.issuer)
      .setSubject(list.uri)
      .setIssuedAt(now)
      // A verifier may use it a little past its ttl while fetching the next; not much longer.
      .setExpirationTime(now + list.ttlSeconds * 10)
      .sign(key.privateKey)
  );
}

/** The public part of a JWK a wallet proved it holds (the `cnf` of its credential). */
export function publicJwkOf(jwk: JWK): JWK {
  const { kty, crv, x, y, e, n } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, e, n }).filter(([, v]) => v !== undefined));
}
