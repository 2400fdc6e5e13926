import { createPublicKey, randomBytes, sign } from 'node:crypto';
import type { IssuerKey } from '../../config';

/**
 * The gate verifier's X.509 certificate (docs/design.md §12): OpenID4VP 1.0 §5.9.3's `x509_san_dns:`
 * client identifier names the service's host, and the signed request object carries, in its `x5c`
 * header, a certificate whose dNSName is that host and whose key signed it. Until a registrar issues
 * the platform an access certificate, it is self-signed by the issuer key, made once per process: a
 * wallet accepts the request only if it trusts that key (as the tests' wallet does, from
 * `/.well-known/jwt-vc-issuer`). The DER below is RFC 5280 §4.1's, only what the profile needs.
 */

const VALID_DAYS = 365;

/** A DER element: its tag, its length (short or long form), its contents. */
function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : body.length < 0x100
        ? Buffer.from([0x81, body.length])
        : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const sequence = (...contents: Buffer[]) => der(0x30, ...contents);
const hex = (value: string) => Buffer.from(value, 'hex');
/** ecdsa-with-SHA256 (1.2.840.10045.4.3.2), with no parameters (RFC 5758 §3.2). */
const ECDSA_WITH_SHA256 = sequence(hex('06082a8648ce3d040302'));
/** id-at-commonName (2.5.4.3) and id-ce-subjectAltName (2.5.29.17). */
const COMMON_NAME = hex('0603550403');
const SUBJECT_ALT_NAME = hex('0603551d11');

/** UTCTime, YYMMDDHHMMSSZ (RFC 5280 §4.1.2.5.1: dates before 2050). */
const utcTime = (date: Date) =>
  der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));

/** A certificate for `hostName`, self-signed by `key`: the `x5c` value, base64 DER (RFC 7515 §4.1.6). */
export function selfSignedVerifierCertificate(key: IssuerKey, hostName: string, now = new Date()): string {
  const name = sequence(der(0x31, sequence(COMMON_NAME, der(0x0c, Buffer.from(hostName, 'utf8')))));
  // A positive serial of 16 random bytes (RFC 5280 §4.1.2.2), its first byte 0x40–0x7f: neither
  // negative nor a leading zero DER forbids (OpenSSL refuses such a certificate).
  const serial = randomBytes(16);
  serial[0] = 0x40 | ((serial[0] ?? 0) & 0x3f);
  const dnsName = der(0x82, Buffer.from(hostName, 'ascii'));
  const extensions = der(0xa3, sequence(sequence(SUBJECT_ALT_NAME, der(0x04, sequence(dnsName)))));
  const tbs = sequence(
    der(0xa0, der(0x02, hex('02'))), // version 3
    der(0x02, serial),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(now), utcTime(new Date(now.getTime() + VALID_DAYS * 86_400_000))),
    name,
    createPublicKey(key.privateKey).export({ type: 'spki', format: 'der' }),
    extensions,
  );
  // Node signs an EC key's digest as the DER `Ecdsa-Sig-Value` X.509 expects.
  const signature = sign('sha256', tbs, key.privateKey);
  return sequence(tbs, ECDSA_WITH_SHA256, der(0x03, Buffer.from([0]), signature)).toString('base64');
}

const made = new WeakMap<IssuerKey, Map<string, string>>();

/** The process's certificate for this key and host: made on first use, the same afterwards. */
export function verifierCertificate(key: IssuerKey, hostName: string): string {
  const byHost = made.get(key) ?? new Map<string, string>();
  made.set(key, byHost);
  const known = byHost.get(hostName);
  if (known) return known;
  const certificate = selfSignedVerifierCertificate(key, hostName);
  byHost.set(hostName, certificate);
  return certificate;
}
