// @peculiar/x509 resolves its ASN.1 services through tsyringe, which needs the Reflect metadata API first.
import 'reflect-metadata';
import { createPrivateKey, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * A PKI as the state's would issue the service (README "EU wallets: certificates"): roots,
 * intermediates and leaves for the tests of the settings that carry them (docs/design.md §12).
 */

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const subtle = webcrypto.subtle;
export type KeyPair = { publicKey: webcrypto.CryptoKey; privateKey: webcrypto.CryptoKey };
export const DAY = 86_400_000;

export const newKeyPair = async () =>
  (await subtle.generateKey(ECDSA_P256, true, ['sign', 'verify'])) as KeyPair;

/** The pair of a PKCS #8 DER key in base64url (as CREDENTIAL_ISSUER_KEYS takes it). */
export async function keyPairOf(pkcs8: string): Promise<KeyPair> {
  const privateKey = createPrivateKey({ key: Buffer.from(pkcs8, 'base64url'), format: 'der', type: 'pkcs8' });
  const { d: _private, ...publicJwk } = privateKey.export({ format: 'jwk' });
  return {
    privateKey: await subtle.importKey('jwk', privateKey.export({ format: 'jwk' }), ECDSA_P256, true, [
      'sign',
    ]),
    publicKey: await subtle.importKey('jwk', publicJwk, ECDSA_P256, true, ['verify']),
  };
}

/** A certificate for `keys`, PEM: self-signed, or signed by `by`; valid from yesterday for a year unless told. */
export async function certify(
  subject: string,
  keys: KeyPair,
  by: { name: string; keys: KeyPair } | 'self',
  options: { ca: boolean; from?: Date; to?: Date },
): Promise<string> {
  const issuer = by === 'self' ? { name: subject, keys } : by;
  const made = await x509.X509CertificateGenerator.create({
    subject,
    issuer: issuer.name,
    notBefore: options.from ?? new Date(Date.now() - DAY),
    notAfter: options.to ?? new Date(Date.now() + 365 * DAY),
    publicKey: keys.publicKey,
    signingKey: issuer.keys.privateKey,
    signingAlgorithm: ECDSA_P256,
    extensions: [new x509.BasicConstraintsExtension(options.ca, undefined, true)],
  });
  return made.toString('pem');
}
