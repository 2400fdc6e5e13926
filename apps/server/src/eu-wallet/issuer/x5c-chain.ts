import { X509Certificate } from 'node:crypto';

/**
 * The certificate chain in a JWS's `x5c` header (RFC 7515 §4.1.6), as HAIP 1.0 has wallet providers
 * sign their wallet and key attestations (docs/design.md §12): leaf first, base64 DER, each
 * certificate issued by the next and the last by one of the trust anchors the platform was given,
 * which is never in `x5c` itself. Walked by Node's X.509 (OpenSSL's), as config/certificates.ts checks
 * the platform's own chains at start.
 */

/** Certificates a chain may carry: an issuer's chain is a few; anything longer is not a chain. */
const MAX_CHAIN = 5;

/** `issuer` signed `certificate` and may sign certificates (a CA: basicConstraints cA). */
const issued = (certificate: X509Certificate, issuer: X509Certificate) =>
  issuer.ca && certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);

const validAt = (certificate: X509Certificate, now: Date) =>
  Date.parse(certificate.validFrom) <= now.getTime() && now.getTime() <= Date.parse(certificate.validTo);

/**
 * The leaf of `x5c` once its chain holds: every certificate valid at `now`, each issued by the next,
 * the last by one of `anchors` (itself valid), the leaf not a CA. Undefined when any of it fails,
 * the header being malformed included: the caller refuses with its own code.
 */
export function trustedLeafOf(
  x5c: unknown,
  anchors: readonly X509Certificate[],
  now: Date,
): X509Certificate | undefined {
  if (!Array.isArray(x5c) || x5c.length === 0 || x5c.length > MAX_CHAIN) return undefined;
  let chain: X509Certificate[];
  try {
    chain = x5c.map((der: unknown) => {
      if (typeof der !== 'string') throw new TypeError('x5c holds a certificate that is not a string');
      return new X509Certificate(Buffer.from(der, 'base64'));
    });
  } catch {
    return undefined;
  }
  const [leaf] = chain;
  const last = chain.at(-1);
  if (!leaf || !last || leaf.ca) return undefined;
  if (!chain.every((certificate) => validAt(certificate, now))) return undefined;
  const linked = chain.every((certificate, index) => {
    const next = chain[index + 1];
    return !next || issued(certificate, next);
  });
  if (!linked) return undefined;
  const anchored = anchors.some((anchor) => validAt(anchor, now) && issued(last, anchor));
  return anchored ? leaf : undefined;
}
