import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { DEVELOPMENT_CA_KEY, type IssuerKey } from './keys';

/**
 * The X.509 certificates of the EU-wallet trust model (docs/design.md §12), as settings: a chain in
 * PEM, leaf first, and the trust anchors it must lead to. Read and checked at start with Node's own
 * X.509 (OpenSSL's), synchronously like every other setting; the development profile's certificates
 * are made instead (development-pki.ts).
 */

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----([^-]*)-----END CERTIFICATE-----/g;

/**
 * One or more PEM certificates, one after the other. An environment variable often cannot hold line
 * breaks (an env file, a container's settings): a literal `\n` is taken for one.
 */
export const certificateList = z.string().transform((text, context) => {
  const certificates: X509Certificate[] = [];
  for (const [, body = ''] of text.replaceAll('\\n', '\n').matchAll(PEM_CERTIFICATE)) {
    try {
      certificates.push(new X509Certificate(Buffer.from(body.replace(/\s+/g, ''), 'base64')));
    } catch {
      context.addIssue({ code: 'custom', message: 'holds a certificate that cannot be read (PEM, X.509)' });
      return z.NEVER;
    }
  }
  if (certificates.length === 0) {
    context.addIssue({
      code: 'custom',
      message: 'must be one or more PEM certificates (-----BEGIN CERTIFICATE----- …)',
    });
    return z.NEVER;
  }
  return certificates;
});

const spkiOf = (key: KeyObject) => key.export({ type: 'spki', format: 'der' });

/** The development CA's public key, SubjectPublicKeyInfo DER: whatever certificate carries it is the development CA's. */
const developmentCaKey = spkiOf(
  createPublicKey(
    createPrivateKey({ key: Buffer.from(DEVELOPMENT_CA_KEY, 'base64url'), format: 'der', type: 'pkcs8' }),
  ),
);

export const isDevelopmentCa = (certificate: X509Certificate) =>
  spkiOf(certificate.publicKey).equals(developmentCaKey);

/** `issuer` signed `certificate` and may sign certificates (a CA: basicConstraints cA). */
const issued = (certificate: X509Certificate, issuer: X509Certificate) =>
  issuer.ca && certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);

const nameOf = (certificate: X509Certificate) => certificate.subject.replaceAll('\n', ', ');

/** The chain as settings name it, and what they are called in a message. */
export interface CertificateSettings {
  chain: X509Certificate[];
  anchors: X509Certificate[];
  /** The variables' names, for the messages: the chain's, the anchors', the key's. */
  names: { chain: string; anchors: string; key: string };
}

/**
 * Why a certificate chain cannot stand for its key (every reason, each naming the variable): its leaf
 * is for another key, a link is not issued by the next certificate, the last does not lead to an
 * anchor, or a certificate is expired or not yet valid. What stands: the chain as `x5c` carries it,
 * leaf first, base64 DER, without the anchor (HAIP 1.0: a trust anchor is never in `x5c`).
 */
export function checkCertificateChain(
  { chain, anchors, names }: CertificateSettings,
  key: IssuerKey['privateKey'],
  now: Date,
): { problems: string[]; x5c: string[] } {
  const problems: string[] = [];
  const isAnchor = (certificate: X509Certificate) =>
    anchors.some((anchor) => anchor.fingerprint256 === certificate.fingerprint256);
  // A chain copied with its root (a "full chain" file) is the same chain: the anchor is left out.
  const links = chain.filter((certificate, index) => index === 0 || !isAnchor(certificate));
  const [leaf] = links;
  if (leaf && !leaf.checkPrivateKey(key)) {
    problems.push(
      `${names.chain}: the first certificate (the leaf, «${nameOf(leaf)}») is not for the signing key, the first of ${names.key}.`,
    );
  }
  links.forEach((certificate, index) => {
    const next = links[index + 1];
    if (next && !issued(certificate, next)) {
      problems.push(
        `${names.chain}: certificate ${index + 1} («${nameOf(certificate)}») is not issued by the next one («${nameOf(next)}»): the chain goes leaf first, each certificate followed by its issuer's.`,
      );
    }
  });
  const last = links.at(-1);
  if (last && !anchors.some((anchor) => issued(last, anchor))) {
    problems.push(
      `${names.chain}: the chain does not lead to a certificate of ${names.anchors} («${nameOf(last)}» is issued by «${last.issuer.replaceAll('\n', ', ')}»).`,
    );
  }
  problems.push(
    ...validityProblems(names.chain, links, now),
    ...validityProblems(names.anchors, anchors, now),
  );
  return { problems, x5c: links.map((certificate) => certificate.raw.toString('base64')) };
}

/** Each certificate of a setting that is expired or not yet valid, naming the setting. */
export function validityProblems(name: string, certificates: X509Certificate[], now: Date): string[] {
  return certificates.flatMap((certificate) => {
    if (new Date(certificate.validTo).getTime() < now.getTime())
      return [`${name}: «${nameOf(certificate)}» expired on ${certificate.validTo}.`];
    if (new Date(certificate.validFrom).getTime() > now.getTime())
      return [`${name}: «${nameOf(certificate)}» is not valid before ${certificate.validFrom}.`];
    return [];
  });
}

/** A configured chain or anchor that is the development CA's (production refuses it). */
export function developmentCaIn({ chain, anchors, names }: CertificateSettings): string[] {
  return [
    [names.chain, chain],
    [names.anchors, anchors],
  ].flatMap(([name, certificates]) =>
    (certificates as X509Certificate[]).some(isDevelopmentCa)
      ? [
          `${name as string} holds the development CA, whose key anyone can read (config/keys.ts): anyone could make certificates it vouches for. Use the certificates the state's PKI issued the service (README "EU wallets: certificates").`,
        ]
      : [],
  );
}
