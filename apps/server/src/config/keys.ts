import {
  createPrivateKey,
  createPublicKey,
  sign as cryptoSign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { z } from 'zod';
import { GATE_KEY_ID_MAX, publicKeyOf, type PlatformKey, type PlatformPublicKey } from '@tickets/domain';
import { ConfigError } from './config-error';

/**
 * The platform's keys for the gate's signed codes (docs/design.md §8): `id:seed` pairs, comma-separated,
 * each seed a 32-byte Ed25519 seed in base64url; the first signs, every one is trusted (a rotation
 * adds a new first key and keeps the old until the codes it signed are past). Generate one with
 * `npm run admin -- gate-key`.
 */
export const gateKeyList = z.string().transform((list, context) => {
  const keys: PlatformKey[] = [];
  for (const entry of list.split(',').map((item) => item.trim())) {
    const [id = '', secretKey = ''] = entry.split(':');
    const keyId = Number(id);
    let valid = /^\d{1,9}$/.test(id) && keyId <= GATE_KEY_ID_MAX;
    try {
      publicKeyOf(secretKey);
    } catch {
      valid = false;
    }
    if (!valid || keys.some((key) => key.keyId === keyId)) {
      context.addIssue({
        code: 'custom',
        message:
          'must be id:seed pairs (a number, a 32-byte Ed25519 seed in base64url), comma-separated, each id once',
      });
      return z.NEVER;
    }
    keys.push({ keyId, secretKey });
  }
  return keys;
});

/**
 * The development profile's gate key, known to anyone who reads this file: refused in production.
 * Every development process shares it, so that one verifies what another signed.
 */
export const DEVELOPMENT_GATE_KEY: PlatformKey = {
  keyId: 0,
  secretKey: '8F2ni2AqaGbWO3TbB4f6ZiXVpJh_DlFVSTxIADVOCn8',
};

/**
 * The development profile's claim-code key (docs/design.md §10), known to anyone who reads this file:
 * refused in production. README's purchase confirmations are made with it.
 */
export const DEVELOPMENT_CLAIM_CODE_KEY = 'development-claim-code-key-known-to-all-never-in-production';

/** The platform's key for claim codes: at least 32 characters of a secret (`npm run admin -- claim-key`). */
export const claimCodeKey = z
  .string()
  .min(32, { error: 'must be at least 32 characters (npm run admin -- claim-key)' });

/**
 * The development profile's key for the audit log's identifier digests (rules/identifier-digests.ts),
 * known to anyone who reads this file: refused in production.
 */
export const DEVELOPMENT_AUDIT_DIGEST_KEY = 'development-audit-digest-key-known-to-all-never-in-production';

/**
 * The keys the platform signs its SD-JWT VC tickets and status lists with (docs/design.md §12):
 * `kid:key` pairs, comma-separated, each key a P-256 private key in PKCS #8 DER, base64url (ES256, as
 * the EU wallets' profile asks). The first signs; every one is published in the issuer's JWKS, so a
 * rotation keeps the old key listed until the credentials it signed have expired. Generate one with
 * `npm run admin -- issuer-key`.
 */
export interface IssuerKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half, as the issuer's JWKS publishes it. */
  publicJwk: JsonWebKey & { kid: string };
}

export function issuerKeyOf(kid: string, pkcs8: string): IssuerKey {
  const privateKey = createPrivateKey({ key: Buffer.from(pkcs8, 'base64url'), format: 'der', type: 'pkcs8' });
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('not a P-256 key');
  const { kty, crv, x, y } = createPublicKey(privateKey).export({ format: 'jwk' });
  return { kid, privateKey, publicJwk: { kty, crv, x, y, kid, use: 'sig', alg: 'ES256' } };
}

export const issuerKeyList = z.string().transform((list, context) => {
  const keys: IssuerKey[] = [];
  for (const entry of list.split(',').map((item) => item.trim())) {
    const [kid = '', pkcs8 = '', ...rest] = entry.split(':');
    let key: IssuerKey | undefined;
    try {
      if (/^[A-Za-z0-9_-]{1,64}$/.test(kid) && rest.length === 0) key = issuerKeyOf(kid, pkcs8);
    } catch {
      key = undefined;
    }
    if (!key || keys.some((known) => known.kid === kid)) {
      context.addIssue({
        code: 'custom',
        message:
          'must be kid:key pairs (an id of letters, digits, - or _; a P-256 private key in PKCS #8 DER, base64url), comma-separated, each kid once',
      });
      return z.NEVER;
    }
    keys.push(key);
  }
  return keys;
});

/**
 * The development profile's issuer key, known to anyone who reads this file: refused in production.
 * Every development process shares it, so a credential one issued verifies against another's JWKS.
 */
export const DEVELOPMENT_ISSUER_KEY = {
  kid: 'development',
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgU6QwO2kbOlKwOSKsp4sx7VyJ2bggn9Oxk635ZNDPtD2hRANCAAQQoyyFQLYwTwzaKahexTu2WV72XomMGX_Swe-8UzjWgRAHMeenHDh_7XVw6wa_jhxU6r99piF5aJ4rHC6wNkBi',
} as const;

/**
 * The development profile's certificate authority key (config/development-pki.ts), known to anyone who
 * reads this file: its root is refused in production. Every development process derives the same root
 * from it (the same name, key and validity), so one process's issuer certificate leads to the anchor
 * another process made, as a credential one issued verifies against another's JWKS.
 */
export const DEVELOPMENT_CA_KEY =
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgq9Vph81SBM7AYsZvNkXqrIg28L9pYqXBJ8XU_jGZgAWhRANCAASrAICAOtOclIHoLMj3k5fELjy0rReqghPRNuIHpjQaj3Ln6HhMW3lJIKZBoP-OYKOVNobTkKJX01hhiJL44n9k';

/**
 * The gate verifier's access key (docs/design.md §12): one P-256 private key in PKCS #8 DER, base64url,
 * the key of the relying party's access certificate (VERIFIER_ACCESS_CERTIFICATES), which signs the
 * gate's OpenID4VP request objects. Not an issuer key: a wallet tells the relying party from the
 * issuer by it. Generate one with `npm run admin -- verifier-key`.
 */
export const verifierAccessKey = z.string().transform((pkcs8, context) => {
  try {
    return issuerKeyOf('access', pkcs8).privateKey;
  } catch {
    context.addIssue({ code: 'custom', message: 'must be a P-256 private key in PKCS #8 DER, base64url' });
    return z.NEVER;
  }
});

/**
 * The development profile's verifier access key and the certificate the development CA issued for it
 * once (development-pki.ts; a test checks it still is), both known to anyone who reads this file:
 * refused in production. A constant, not made at start, because the client identifier is the hash
 * of this certificate's bytes (`x509_hash:`): every process must present the very same one.
 */
export const DEVELOPMENT_VERIFIER_ACCESS = {
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg8K5y2QpR8pirXhxyZ_IdusZOaaz2Hj62x6cV_Tu1cTmhRANCAAToQzHZdXz8PBAonFfbdO5ayKC9Wj-xv5T31vBaRtZDHyhCmU5l7zV3MyvLyWKkU8liWp-RtDjdNzW9ACUP5Nim',
  certificate:
    'MIICJTCCAcqgAwIBAgIBAjAKBggqhkjOPQQDAjBvMT4wPAYDVQQDEzVBdGhsZXRpYyBUaWNrZXRzIERldmVsb3BtZW50IENBIChuZXZlciBpbiBwcm9kdWN0aW9uKTEtMCsGA1UEChMkQXRobGV0aWMgVGlja2V0cyBkZXZlbG9wbWVudCBwcm9maWxlMB4XDTI2MDEwMTAwMDAwMFoXDTQ1MTIzMTIzNTk1OVowZjE1MDMGA1UEAxMsQXRobGV0aWMgVGlja2V0cyBnYXRlIHZlcmlmaWVyIChkZXZlbG9wbWVudCkxLTArBgNVBAoTJEF0aGxldGljIFRpY2tldHMgZGV2ZWxvcG1lbnQgcHJvZmlsZTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABOhDMdl1fPw8ECicV9t07lrIoL1aP7G/lPfW8FpG1kMfKEKZTmXvNXczK8vJYqRTyWJan5G0ON03Nb0AJQ/k2KajYDBeMAwGA1UdEwEB/wQCMAAwDgYDVR0PAQH/BAQDAgeAMB0GA1UdDgQWBBT46Y4Gk6kdPXpJHaDanb55RlWGRzAfBgNVHSMEGDAWgBRdarTJwrAnWU1Kbgh7k7Fs+5I1kTAKBggqhkjOPQQDAgNJADBGAiEA6EvHVyENU7LKFW6cqi63f8DxSYG0kQTLPRT4wUfWPsYCIQCErYafUnURE0gNTfNhs3lWWebOH/0XfVpG7H6n5hL2uw==',
} as const;

/** The gate's signing keys: `signer` signs new codes, `trusted` verifies (the signer among them). */
export interface GateKeys {
  signer: PlatformKey;
  trusted: PlatformPublicKey[];
}

/** The SD-JWT VC issuer's keys: `signer` signs credentials and status lists, `published` is the JWKS. */
export interface IssuerKeys {
  signer: IssuerKey;
  published: IssuerKey['publicJwk'][];
}

/** The development key under another kid is the development key all the same. */
export const isDevelopmentIssuerKey = (key: IssuerKey) =>
  key.publicJwk.x === issuerKeyOf(DEVELOPMENT_ISSUER_KEY.kid, DEVELOPMENT_ISSUER_KEY.pkcs8).publicJwk.x;

export function issuerKeysOf(keys: IssuerKey[] | undefined): IssuerKeys {
  const [signer, ...older] = keys ?? [issuerKeyOf(DEVELOPMENT_ISSUER_KEY.kid, DEVELOPMENT_ISSUER_KEY.pkcs8)];
  if (!signer) throw new ConfigError('CREDENTIAL_ISSUER_KEYS: at least one key is needed.');
  return { signer, published: [signer, ...older].map((key) => key.publicJwk) };
}

export function gateKeysOf([signer, ...older]: PlatformKey[]): GateKeys {
  if (!signer) throw new ConfigError('GATE_SIGNING_KEYS: at least one key is needed.');
  return {
    signer: withNativeSigning(signer),
    trusted: [signer, ...older].map((key) => ({ keyId: key.keyId, publicKey: publicKeyOf(key.secretKey) })),
  };
}

/**
 * The signing key with Node's own Ed25519 (OpenSSL): every personalized ticket's code is signed, and
 * JavaScript's signature cost more than the rest of the request (bench/HISTORY.md, "Personalization (fixed)").
 */
function withNativeSigning(key: PlatformKey): PlatformKey {
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: key.secretKey, x: publicKeyOf(key.secretKey) },
    format: 'jwk',
  });
  return { ...key, sign: (message) => cryptoSign(null, message, privateKey) };
}
