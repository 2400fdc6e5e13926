import type { X509Certificate } from 'node:crypto';
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyOptions,
} from 'jose';
import { ISSUANCE_NONCE_SECONDS } from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { publicJwkOf } from './sd-jwt-vc';
import { trustedLeafOf } from './x5c-chain';

/**
 * What a wallet provider vouches for, as HAIP 1.0 has EU wallets send it (docs/design.md §12), each
 * signed by the provider with its certificate chain in `x5c`, checked to the anchors of
 * WALLET_PROVIDER_TRUST_ANCHORS: the wallet attestation (OpenID4VCI 1.0 Appendix E, Attestation-Based
 * Client Authentication: the wallet is a genuine instance of a trusted wallet), with the instance's
 * proof of possession, and the key attestation (OpenID4VCI 1.0 Appendix D: the keys a credential
 * is bound to live in the key storage the provider names). Verified with `jose` alone.
 */

/** HAIP 1.0, Crypto Suites: P-256 with ES256 for the wallet attestation, its proof of possession and the key attestation. */
export const WALLET_ATTESTATION_ALGORITHMS = ['ES256'];
const CLOCK_TOLERANCE_SECONDS = 30;
/** A proof of possession is made for one request: as old as a key proof may be (its `iat`). */
const POP_MAX_AGE_SECONDS = ISSUANCE_NONCE_SECONDS;

const CLIENT_ATTESTATION_TYPE = 'oauth-client-attestation+jwt';
const CLIENT_ATTESTATION_POP_TYPE = 'oauth-client-attestation-pop+jwt';
/** OpenID4VCI 1.0's type, and the earlier drafts' that @openid4vc/openid4vci still writes. */
const KEY_ATTESTATION_TYPES = ['key-attestation+jwt', 'keyattestation+jwt'];

/** The wallet providers' anchors, and the time the checks are made at (now, unless a test says). */
interface Trust {
  anchors: readonly X509Certificate[];
  now?: Date;
}

/** Anything that fails in `check` refuses with `code`, whatever the library threw. */
async function refusedAs<T>(
  code: 'ISSUANCE_INVALID_CLIENT' | 'ISSUANCE_INVALID_PROOF',
  check: () => Promise<T>,
) {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(code);
  }
}

const fail = (): never => {
  throw new Error('refused');
};

/**
 * A JWT a wallet provider signed: of one of `types`, its `x5c` chain leading to an anchor, signed
 * by the leaf's key, not expired, not before its `nbf`. The claims, and the leaf (the provider).
 */
async function providerSigned(
  jwt: string,
  types: string[],
  { anchors, now = new Date() }: Trust,
  options: Pick<JWTVerifyOptions, 'requiredClaims'>,
) {
  const header = decodeProtectedHeader(jwt);
  if (typeof header.typ !== 'string' || !types.includes(header.typ)) fail();
  const leaf = trustedLeafOf(header.x5c, anchors, now) ?? fail();
  const { payload } = await jwtVerify(jwt, leaf.publicKey, {
    ...options,
    algorithms: WALLET_ATTESTATION_ALGORITHMS,
    currentDate: now,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  });
  const seconds = Math.floor(now.getTime() / 1000);
  // Issued in the future: a provider's clock, or a forgery's, is not believed.
  if (typeof payload.iat === 'number' && payload.iat > seconds + CLOCK_TOLERANCE_SECONDS) fail();
  return { payload, leaf };
}

/** A public key as a JWK: an object with its type and no private member. */
function publicKeyIn(value: unknown): JWK {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail();
  const jwk = value as JWK;
  if (typeof jwk.kty !== 'string' || 'd' in jwk || 'p' in jwk || 'k' in jwk) return fail();
  return jwk;
}

const nameOf = (certificate: X509Certificate) => certificate.subject.replaceAll('\n', ', ');

/** One attribute of a certificate's subject (`O`, `CN`), as Node prints it a line each. */
const subjectAttribute = (certificate: X509Certificate, name: string) =>
  certificate.subject
    .split('\n')
    .find((line) => line.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export interface ClientAttestationHeaders {
  /** The `OAuth-Client-Attestation` header: the wallet attestation. */
  attestation: string;
  /** The `OAuth-Client-Attestation-PoP` header: the instance's proof of possession. */
  pop: string;
}

export interface AttestedClient {
  /** The wallet attestation's `sub`: the `client_id` of the wallet (its kind, not the instance). */
  clientId: string;
  /** The wallet instance's key (`cnf.jwk`), which signed the proof of possession. */
  instanceJwk: JWK;
  /** The wallet provider, as its certificate (the chain's leaf) names it. */
  provider: string;
  /**
   * What a person is shown as the wallet: the attestation's `wallet_name` when the provider gave one,
   * else the provider's organisation (or common name) in its certificate.
   */
  walletName: string;
  /** The proof's `jti`, for whoever keeps the ones seen (Attestation-Based Client Authentication on replay). */
  jti: string;
  /** The proof's challenge (`challenge`; `nonce` in earlier drafts), for the endpoint that gave one. */
  challenge: string | undefined;
}

/**
 * Attestation-Based Client Authentication's checks of the two headers (OpenID4VCI 1.0 Appendix E,
 * HAIP 1.0, its Wallet Attestation section): the attestation is `oauth-client-attestation+jwt`, signed by a wallet provider
 * whose chain leads to an anchor, with `sub`, `exp` (not passed) and `cnf.jwk` (a public key); the
 * proof is `oauth-client-attestation-pop+jwt`, signed by that key, for this authorization server
 * (`aud` its issuer identifier), with a `jti` and an `iat` at most POP_MAX_AGE_SECONDS old, and an
 * `iss`, when it has one, that is the attestation's `sub`. Anything else: `ISSUANCE_INVALID_CLIENT`.
 */
export function verifyClientAttestation(
  { attestation, pop }: ClientAttestationHeaders,
  { authorizationServer, anchors, now = new Date() }: Trust & { authorizationServer: string },
): Promise<AttestedClient> {
  return refusedAs('ISSUANCE_INVALID_CLIENT', async () => {
    const { payload, leaf } = await providerSigned(
      attestation,
      [CLIENT_ATTESTATION_TYPE],
      { anchors, now },
      { requiredClaims: ['sub', 'exp', 'cnf'] },
    );
    const clientId = typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : fail();
    const instanceJwk = publicKeyIn((payload.cnf as { jwk?: unknown } | undefined)?.jwk);
    const proof = await jwtVerify(pop, (header) => importJWK(instanceJwk, header.alg), {
      typ: CLIENT_ATTESTATION_POP_TYPE,
      algorithms: WALLET_ATTESTATION_ALGORITHMS,
      maxTokenAge: POP_MAX_AGE_SECONDS,
      requiredClaims: ['jti', 'aud'],
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const claims: JWTPayload = proof.payload;
    // One audience, the authorization server's identifier (a proof for another server is not ours).
    if (claims.aud !== authorizationServer) fail();
    if (claims.iss !== undefined && claims.iss !== clientId) fail();
    const jti = typeof claims.jti === 'string' && claims.jti !== '' ? claims.jti : fail();
    const challenge = claims.challenge ?? claims.nonce;
    if (challenge !== undefined && typeof challenge !== 'string') fail();
    return {
      clientId,
      instanceJwk: publicJwkOf(instanceJwk),
      provider: nameOf(leaf),
      walletName:
        (typeof payload.wallet_name === 'string' && payload.wallet_name.trim()) ||
        subjectAttribute(leaf, 'O') ||
        subjectAttribute(leaf, 'CN') ||
        nameOf(leaf),
      jti,
      challenge: challenge as string | undefined,
    };
  });
}

/** How a key attestation came: in a `jwt` proof's `key_attestation` header, or as the `attestation` proof. */
export type KeyAttestationUse = 'jwt' | 'attestation';

export interface AttestedKeys {
  /** The keys the provider attests, public JWKs, in its order (a credential is bound to the first). */
  attestedKeys: JWK[];
  /** The c_nonce it was made for, when it names one. */
  nonce: string | undefined;
}

/**
 * A key attestation's checks (OpenID4VCI 1.0 Appendix D.1): `key-attestation+jwt` (or the earlier
 * `keyattestation+jwt`), signed by a wallet provider whose chain leads to an anchor, with `iat` (not
 * in the future) and `attested_keys`, a non-empty array of public JWKs; `exp` not passed, and required
 * when it comes in a `jwt` proof (Appendix D.1: the proof, not the attestation, is then what is fresh).
 * Anything else: `ISSUANCE_INVALID_PROOF`.
 */
export function verifyKeyAttestation(
  jwt: string,
  { anchors, now, use }: Trust & { use: KeyAttestationUse },
): Promise<AttestedKeys> {
  return refusedAs('ISSUANCE_INVALID_PROOF', async () => {
    const { payload } = await providerSigned(
      jwt,
      KEY_ATTESTATION_TYPES,
      { anchors, now },
      { requiredClaims: use === 'jwt' ? ['iat', 'exp', 'attested_keys'] : ['iat', 'attested_keys'] },
    );
    const listed = Array.isArray(payload.attested_keys) ? payload.attested_keys : fail();
    if (listed.length === 0) fail();
    const attestedKeys = listed.map((value: unknown) => publicJwkOf(publicKeyIn(value)));
    // Each a key a thumbprint names (RFC 7638: its required members present), as credentials are found by.
    await Promise.all(attestedKeys.map((jwk) => calculateJwkThumbprint(jwk, 'sha256')));
    const { nonce } = payload;
    if (nonce !== undefined && typeof nonce !== 'string') fail();
    return { attestedKeys, nonce: nonce as string | undefined };
  });
}

/** Whether `jwk` is among `attested` (the same key: the same RFC 7638 thumbprint). */
export async function isAttested(jwk: JWK, attested: JWK[]): Promise<boolean> {
  const thumbprint = await calculateJwkThumbprint(jwk, 'sha256');
  const thumbprints = await Promise.all(attested.map((key) => calculateJwkThumbprint(key, 'sha256')));
  return thumbprints.includes(thumbprint);
}
