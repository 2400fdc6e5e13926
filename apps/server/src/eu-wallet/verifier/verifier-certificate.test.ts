import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_ISSUER_KEY, issuerKeyOf } from '../../config';
import { selfSignedVerifierCertificate, verifierCertificate } from './verifier-certificate';

/**
 * The gate verifier's certificate, read by OpenSSL (Node's X509Certificate), not by the code that
 * wrote it: the `x509_san_dns:` client identifier holds only if a wallet finds the host among its
 * dNSNames and the request's key in it.
 */
const key = issuerKeyOf(DEVELOPMENT_ISSUER_KEY.kid, DEVELOPMENT_ISSUER_KEY.pkcs8);

describe('verifier certificate', () => {
  it('names the host, certifies the issuer key, is signed by it, and is valid from now for a year', () => {
    const now = new Date('2026-11-28T09:00:00.000Z');
    const certificate = new X509Certificate(
      Buffer.from(selfSignedVerifierCertificate(key, 'tickets.example.gov.gr', now), 'base64'),
    );
    expect(certificate.subjectAltName).toBe('DNS:tickets.example.gov.gr');
    expect(certificate.checkHost('tickets.example.gov.gr')).toBe('tickets.example.gov.gr');
    expect(certificate.checkHost('other.example.gov.gr')).toBeUndefined();
    const { x, y } = certificate.publicKey.export({ format: 'jwk' });
    expect({ x, y }).toEqual({ x: key.publicJwk.x, y: key.publicJwk.y });
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.checkIssued(certificate)).toBe(true);
    expect(new Date(certificate.validFrom).toISOString()).toBe(now.toISOString());
    expect(new Date(certificate.validTo).getTime() - now.getTime()).toBe(365 * 86_400_000);
  });

  it('is well formed whatever its random serial (DER forbids a leading zero byte)', () => {
    for (let made = 0; made < 600; made += 1) {
      const certificate = selfSignedVerifierCertificate(key, 'localhost');
      expect(() => new X509Certificate(Buffer.from(certificate, 'base64'))).not.toThrow();
    }
  });

  it('is made once per key and host in a process', () => {
    expect(verifierCertificate(key, 'localhost')).toBe(verifierCertificate(key, 'localhost'));
    expect(verifierCertificate(key, 'localhost')).not.toBe(verifierCertificate(key, 'example.gov.gr'));
  });
});
