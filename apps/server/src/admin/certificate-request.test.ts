import 'reflect-metadata';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as x509 from '@peculiar/x509';
import {
  INTERMEDIATE,
  intermediateKeys,
  production,
  productionIssuerKey,
  testPki,
} from '../../test/support/production-environment';
import { loadConfig } from '../config';
import { certificateRequest } from './certificate-request';

describe('the issuer key’s certificate request (npm run admin -- issuer-key --origin)', () => {
  it('asks for a signing certificate naming the service, which the state PKI’s CA answers with a chain production accepts', async () => {
    const key = createPrivateKey({
      key: Buffer.from(productionIssuerKey, 'base64url'),
      format: 'der',
      type: 'pkcs8',
    });
    const request = new x509.Pkcs10CertificateRequest(
      await certificateRequest(key, 'https://tickets.example.gov.gr'),
    );
    expect(await request.verify()).toBe(true);
    expect(request.subject).toBe('CN=tickets.example.gov.gr');
    const altNames = request.extensions.find((extension) => extension.type === '2.5.29.17');
    const names = altNames && new x509.SubjectAlternativeNameExtension(altNames.rawData).names.toJSON();
    expect(names).toEqual([
      { type: 'dns', value: 'tickets.example.gov.gr' },
      { type: 'url', value: 'https://tickets.example.gov.gr' },
    ]);
    // The CA's answer: a certificate for the request's key and names, signed by its issuing CA.
    const issued = await x509.X509CertificateGenerator.create({
      subject: request.subject,
      issuer: INTERMEDIATE,
      publicKey: request.publicKey,
      signingKey: intermediateKeys.privateKey,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      extensions: request.extensions,
    });
    const chain = issued.toString('pem') + testPki.intermediate;
    const config = loadConfig({ ...production, CREDENTIAL_ISSUER_CERTIFICATES: chain });
    expect(config.issuerCertificates?.[0]).toBe(
      new X509Certificate(issued.toString('pem')).raw.toString('base64'),
    );
  });
});
