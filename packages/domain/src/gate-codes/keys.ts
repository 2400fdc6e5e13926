import { ed25519 } from '@noble/curves/ed25519.js';
import { decodeKey, toBase64url } from './bytes';

/**
 * Ed25519 keys as the gate's codes use them (docs/design.md §8): raw 32-byte keys in base64url, the
 * secret key being the 32-byte seed of RFC 8032 (what `ed25519.keygen()` and libsodium's
 * `crypto_sign_seed_keypair` take), so that the same text works in any language.
 */

/** The platform's signing key, as the server holds it: the id printed in every code it signs. */
export interface PlatformKey {
  keyId: number;
  /** The 32-byte Ed25519 seed, base64url. */
  secretKey: string;
  /**
   * The same key's signature made natively (the server: `node:crypto`, about twenty times faster than
   * this package's JavaScript, and Ed25519 signatures are deterministic: the same bytes either way).
   */
  sign?: (message: Uint8Array) => Uint8Array;
}

/** A platform public key, as devices and turnstiles hold it: keys are rotated by adding one with a new id. */
export interface PlatformPublicKey {
  keyId: number;
  /** The 32-byte Ed25519 public key, base64url. */
  publicKey: string;
}

export interface GateKeyPair {
  secretKey: string;
  publicKey: string;
}

/** Key ids go into every code as a varint: below 128 they cost one byte. */
export const GATE_KEY_ID_MAX = 2 ** 31 - 1;

const KEY_BYTES = 32;
export const SIGNATURE_BYTES = 64;

/** A new random key pair: the platform's (an administrator, once per rotation) or a phone's wallet key. */
export function generateGateKeyPair(): GateKeyPair {
  const { secretKey, publicKey } = ed25519.keygen();
  return { secretKey: toBase64url(secretKey), publicKey: toBase64url(publicKey) };
}

export function publicKeyOf(secretKey: string): string {
  return toBase64url(ed25519.getPublicKey(secretKeyBytes(secretKey)));
}

export function secretKeyBytes(secretKey: string): Uint8Array {
  const bytes = decodeKey(secretKey, KEY_BYTES);
  if (!bytes) throw new TypeError('An Ed25519 secret key is 32 bytes in base64url.');
  return bytes;
}

/**
 * The bytes of a public key that strict verification can ever accept: canonical encoding of a point
 * of the curve, not of small order (RFC 8032 verification as noble's `zip215: false` does it).
 */
export function publicKeyBytes(publicKey: string): Uint8Array | undefined {
  const bytes = decodeKey(publicKey, KEY_BYTES);
  if (!bytes) return undefined;
  try {
    return ed25519.Point.fromBytes(bytes, false).isSmallOrder() ? undefined : bytes;
  } catch {
    return undefined;
  }
}

/** For the wallet's device-key endpoint: a key no code could ever be verified with is refused up front. */
export const isValidDevicePublicKey = (publicKey: string): boolean => publicKeyBytes(publicKey) !== undefined;

/** A phone's key written as a credential carries it (base64url of its 32 bytes), or undefined if unusable. */
export const canonicalDevicePublicKey = (publicKey: string): string | undefined => {
  const bytes = publicKeyBytes(publicKey);
  return bytes && toBase64url(bytes);
};

export const isValidKeyId = (keyId: number) =>
  Number.isInteger(keyId) && keyId >= 0 && keyId <= GATE_KEY_ID_MAX;

/** A key id given to sign with, or to be trusted, is refused before anything is signed with it. */
export function assertKeyId(keyId: number) {
  if (!isValidKeyId(keyId)) throw new RangeError('A key id is an integer from 0 to 2^31 - 1.');
}

/**
 * Strict verification (RFC 8032 §5.1.7, FIPS 186-5; noble's `zip215: false`): S below the group order
 * and canonical point encodings, so a message has one valid signature and a signature's bytes can
 * key the manifest's entries.
 */
export function verifySignature(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== SIGNATURE_BYTES || publicKey.length !== KEY_BYTES) return false;
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}

export function sign(message: Uint8Array, secretKey: string): Uint8Array {
  return ed25519.sign(message, secretKeyBytes(secretKey));
}

/** A platform key's signature: natively where the holder gave a way, else in JavaScript. */
export const signWith = (platformKey: PlatformKey, message: Uint8Array): Uint8Array =>
  platformKey.sign ? platformKey.sign(message) : sign(message, platformKey.secretKey);

const decodedKeyLists = new WeakMap<readonly PlatformPublicKey[], Map<number, Uint8Array>>();

/**
 * The platform keys by id; a key that cannot verify anything is left out. Decoded once per list (the
 * server passes the same list from its configuration at every scan).
 */
export function keysById(keys: readonly PlatformPublicKey[]): Map<number, Uint8Array> {
  let byId = decodedKeyLists.get(keys);
  if (!byId) {
    byId = new Map();
    for (const key of keys) {
      const bytes = publicKeyBytes(key.publicKey);
      if (bytes && isValidKeyId(key.keyId)) byId.set(key.keyId, bytes);
    }
    decodedKeyLists.set(keys, byId);
  }
  return byId;
}

/** A platform key's signature as a signed JSON document carries it (the manifest, a delta). */
export interface KeyedSignature {
  keyId: number;
  /** The 64-byte signature, base64url. */
  value: string;
}

export const keyedSignature = (platformKey: PlatformKey, message: Uint8Array): KeyedSignature => ({
  keyId: platformKey.keyId,
  value: toBase64url(signWith(platformKey, message)),
});

/** Whether `signature` is one by a trusted key over `message`. */
export function isKeyedSignatureOf(
  signature: KeyedSignature,
  message: Uint8Array,
  trustedPublicKeys: readonly PlatformPublicKey[],
): boolean {
  const key = keysById(trustedPublicKeys).get(signature.keyId);
  const bytes = decodeKey(signature.value, SIGNATURE_BYTES);
  if (!key || !bytes) return false;
  return verifySignature(bytes, message, key);
}
