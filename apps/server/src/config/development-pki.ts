// @peculiar/x509 resolves its ASN.1 services through tsyringe, which needs the Reflect metadata API
// loaded first (README "Libraries, and why").
import 'reflect-metadata';
import { createPrivateKey, createPublicKey, randomBytes, webcrypto, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { DEVELOPMENT_CA_KEY } from './keys';

/**
 * The development profile's PKI (docs/design.md §12): a certificate authority (a self-signed root)
 * and the certificates it issues for the platform's development keys, so that the stand-in and the
 * tests run the whole trust model a production deployment gets from the state's PKI (README "EU
 * wallets: certificates"). Its key is a constant (DEVELOPMENT_CA_KEY) and its root has a fixed name,
 * serial and validity: every process of a deployment makes the same anchor (only the signature's
 * random bytes differ), so a chain one process sends leads to the root another made. Production
 * refuses it (certificates.ts, `developmentCaIn`).
 */

/** Node's WebCrypto, as the library's (DOM-typed) signature names it. */
const crypto = webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.create>[1];
const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export const DEVELOPMENT_CA_NAME =
  'CN=Athletic Tickets Development CA (never in production), O=Athletic Tickets development profile';
/** The root's fixed validity: the same certificate in every process, whenever it starts. */
const CA_VALIDITY = {
  notBefore: new Date('2026-01-01T00:00:00Z'),
  notAfter: new Date('2045-12-31T23:59:59Z'),
};
/** A leaf is made at a process's start; a little before it, for a verifier whose clock is behind. */
const LEAF_VALID_DAYS = 730;
const CLOCK_SKEW_MS = 60 * 60_000;

interface DevelopmentCa {
  certificate: x509.X509Certificate;
  signingKey: webcrypto.CryptoKey;
}

async function makeCa(): Promise<DevelopmentCa> {
  const der = Buffer.from(DEVELOPMENT_CA_KEY, 'base64url');
  const keys = {
    privateKey: await webcrypto.subtle.importKey('pkcs8', der, ECDSA_P256, false, ['sign']),
    publicKey: await webcrypto.subtle.importKey('spki', spkiOf(der), ECDSA_P256, true, ['verify']),
  };
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: '01',
      name: DEVELOPMENT_CA_NAME,
      ...CA_VALIDITY,
      keys,
      signingAlgorithm: ECDSA_P256,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  return { certificate, signingKey: keys.privateKey };
}

const spkiOf = (pkcs8: Buffer) =>
  createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })).export({
    type: 'spki',
    format: 'der',
  });

let ca: Promise<DevelopmentCa> | undefined;
const developmentCa = () => (ca ??= makeCa());

/** The development root, PEM: the trust anchor of the development profile's chains. */
export async function developmentCaCertificate(): Promise<string> {
  return (await developmentCa()).certificate.toString('pem');
}

const leaves = new Map<string, Promise<string[]>>();

/**
 * A certificate the development CA issues for `key` (a signing key: digitalSignature only), naming
 * the service (`uri`, its origin, and its host as a dNSName): the `x5c` chain, leaf first, base64
 * DER, without the root. Made once per process for a key and an origin.
 */
export function developmentCertificateChain(
  key: KeyObject,
  uri: string,
  commonName: string,
): Promise<string[]> {
  const publicKey = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const id = `${publicKey.toString('base64')} ${uri} ${commonName}`;
  const known = leaves.get(id);
  if (known) return known;
  const made = makeLeaf(publicKey, uri, commonName);
  leaves.set(id, made);
  return made;
}

async function makeLeaf(spki: Buffer, uri: string, commonName: string): Promise<string[]> {
  const { certificate: root, signingKey } = await developmentCa();
  // A copy on an ArrayBuffer of its own, as WebCrypto's types (DOM's, where the browser tests read this) ask.
  const publicKey = new Uint8Array(spki);
  const now = Date.now();
  const leaf = await x509.X509CertificateGenerator.create(
    {
      // Positive and unique (RFC 5280 §4.1.2.2): a leading 0x01, then 15 random bytes.
      serialNumber: `01${randomBytes(15).toString('hex')}`,
      subject: `CN=${commonName}, O=Athletic Tickets development profile`,
      issuer: root.subject,
      notBefore: new Date(now - CLOCK_SKEW_MS),
      notAfter: new Date(now + LEAF_VALID_DAYS * 86_400_000),
      publicKey,
      signingKey,
      signingAlgorithm: ECDSA_P256,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.SubjectAlternativeNameExtension([
          { type: 'dns', value: new URL(uri).hostname },
          { type: 'url', value: uri },
        ]),
        await x509.SubjectKeyIdentifierExtension.create(publicKey, false, crypto),
        await x509.AuthorityKeyIdentifierExtension.create(root, false, crypto),
      ],
    },
    crypto,
  );
  return [Buffer.from(leaf.rawData).toString('base64')];
}
