import { generateKeyPairSync } from 'node:crypto';
import { compactDecrypt, importJWK, type JWK } from 'jose';

/**
 * The wallet's answer encrypted to the request (OpenID4VP 1.0 §8.3, `direct_post.jwt`, as HAIP
 * requires; docs/design.md §12): each request has a fresh P-256 key, its public half in the request
 * object's `client_metadata.jwks`, its private half in the request's row, so any process can open the
 * answer and none can open another request's. The answer is a JWE (`ECDH-ES` key agreement, `A128GCM`
 * or `A256GCM` content encryption) of `{ "vp_token": … }`.
 */

export const RESPONSE_KEY_ALG = 'ECDH-ES';
export const RESPONSE_ENC_VALUES = ['A128GCM', 'A256GCM'] as const;

/** A fresh key for one request: its private JWK, kept with the request. */
export function newResponseKey(): JWK {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }) as JWK;
}

/** The public half a wallet encrypts to, named by the request (`kid`): the request object's `jwks`. */
export function responseEncryptionJwk(privateJwk: JWK, kid: string): JWK {
  const { kty, crv, x, y } = privateJwk;
  return { kty, crv, x, y, kid, use: 'enc', alg: RESPONSE_KEY_ALG };
}

/**
 * The `vp_token` of an answer encrypted to the request's key; undefined for anything else (a plain
 * `vp_token`, a JWE to another key or with another algorithm, a payload that is not JSON).
 */
export async function openResponse(
  response: string | undefined,
  privateJwk: JWK | null,
): Promise<{ vp_token?: unknown } | undefined> {
  if (response === undefined || privateJwk === null) return undefined;
  try {
    const { plaintext } = await compactDecrypt(response, await importJWK(privateJwk, RESPONSE_KEY_ALG), {
      keyManagementAlgorithms: [RESPONSE_KEY_ALG],
      contentEncryptionAlgorithms: [...RESPONSE_ENC_VALUES],
    });
    const payload: unknown = JSON.parse(new TextDecoder().decode(plaintext));
    return typeof payload === 'object' && payload !== null ? (payload as { vp_token?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}
