import { X509Certificate, type JsonWebKey } from 'node:crypto';
import { ES256 } from '@sd-jwt/crypto-nodejs';

/**
 * A relying party's check of what the EU-wallet issuer signs (docs/design.md §12), through the
 * certificate chain in its JWS header's `x5c` to a trust anchor it was given, as an EU wallet checks
 * an SD-JWT VC and a status list token under HAIP 1.0: OpenSSL's X.509 (Node's `X509Certificate`)
 * walks the chain, and `@sd-jwt/crypto-nodejs` verifies the signature with the leaf's key. Neither
 * signs anything in the platform, which signs with `jose` and makes its certificates with @peculiar/x509.
 */

const partOf = (compact: string, index: number) =>
  JSON.parse(Buffer.from(compact.split('.')[index] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

/** The header of a compact JWS (or of an SD-JWT's issuer-signed JWT). */
export const protectedHeaderOf = (compact: string) => partOf(compact, 0);

/**
 * The leaf, once the chain holds: each certificate issued (and signed) by the next, the last by the
 * anchor, which is not in the chain itself; every one valid now and each issuer a CA, the leaf not.
 */
export function chainLeafOf(x5c: unknown, anchorPem: string): X509Certificate {
  if (!Array.isArray(x5c) || x5c.length === 0) throw new Error('no x5c in the header');
  const chain = x5c.map((der: unknown) => new X509Certificate(Buffer.from(String(der), 'base64')));
  const anchor = new X509Certificate(anchorPem);
  const now = Date.now();
  for (const certificate of [...chain, anchor]) {
    if (Date.parse(certificate.validFrom) > now || Date.parse(certificate.validTo) < now)
      throw new Error(`${certificate.subject} is not valid now`);
  }
  if (chain.some((certificate) => certificate.fingerprint256 === anchor.fingerprint256))
    throw new Error('the trust anchor is in x5c');
  [...chain, anchor].forEach((certificate, index, all) => {
    const issuedBy = all[index + 1] ?? (certificate === anchor ? anchor : undefined);
    if (!issuedBy) return;
    if (!issuedBy.ca || !certificate.checkIssued(issuedBy) || !certificate.verify(issuedBy.publicKey))
      throw new Error(`${certificate.subject} is not issued by ${issuedBy.subject}`);
  });
  const [leaf] = chain;
  if (!leaf || leaf.ca) throw new Error('the leaf is a CA');
  return leaf;
}

/**
 * The issuer's key, once its chain holds (`chainLeafOf`) and the leaf names `issuer` (its `iss`)
 * among its URIs, as SD-JWT VC asks of an `x5c`-signed credential.
 */
export function leafKeyOf(x5c: unknown, anchorPem: string, issuer: unknown): JsonWebKey {
  const leaf = chainLeafOf(x5c, anchorPem);
  if (!(leaf.subjectAltName ?? '').split(', ').includes(`URI:${String(issuer)}`))
    throw new Error(`the leaf does not name ${String(issuer)}`);
  return leaf.publicKey.export({ format: 'jwk' });
}

/**
 * A verifier for `@sd-jwt/sd-jwt-vc` (the credential's issuer-signed JWT, and the status list token
 * it fetches): the signed data is `header.payload`, so the key comes from that header's `x5c`.
 */
export const x5cVerifier =
  (anchorPem: string) =>
  async (data: string, signature: string): Promise<boolean> => {
    const header = protectedHeaderOf(data);
    if (header.alg !== 'ES256') return false;
    const key = leafKeyOf(header.x5c, anchorPem, partOf(data, 1).iss);
    return (await ES256.getVerifier(key))(data, signature);
  };
