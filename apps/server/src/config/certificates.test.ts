import { createPrivateKey, X509Certificate } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  INTERMEDIATE,
  intermediateKeys,
  issuerKey,
  production,
  productionIssuerKey,
  productionVerifierKey,
  ROOT,
  testPki,
} from '../../test/support/production-environment';
import { certify, DAY, keyPairOf, newKeyPair } from '../../test/support/test-pki';
import { developmentCertificateChain } from './development-pki';
import { DEVELOPMENT_VERIFIER_ACCESS } from './keys';
import { developmentCaCertificate, loadConfig, walletProviderTrustAnchors } from './index';

/**
 * The issuer's certificate chain as settings (docs/design.md §12): what production refuses at start,
 * each refusal naming the setting, and what development makes instead.
 */
describe('the EU-wallet issuer’s certificates', () => {
  it('carries the issuer key’s chain in x5c, leaf first and without the anchor, from CREDENTIAL_ISSUER_CERTIFICATES; made by the development CA in development', async () => {
    const der = (pem: string) => new X509Certificate(pem).raw.toString('base64');
    expect(loadConfig(production).issuerCertificates).toEqual([der(testPki.leaf), der(testPki.intermediate)]);
    // A "full chain" file with its root, in one line with literal \n: the same chain, the root left out.
    const oneLine = (testPki.leaf + testPki.intermediate + testPki.root).replaceAll('\n', '\\n');
    expect(loadConfig({ ...production, CREDENTIAL_ISSUER_CERTIFICATES: oneLine }).issuerCertificates).toEqual(
      [der(testPki.leaf), der(testPki.intermediate)],
    );
    expect(loadConfig({}).issuerCertificates).toBeUndefined();
    expect(() => loadConfig({ CREDENTIAL_ISSUER_CERTIFICATES: testPki.leaf })).toThrow(/go together/);
    const {
      CREDENTIAL_ISSUER_CERTIFICATES: _chain,
      CREDENTIAL_ISSUER_TRUST_ANCHORS: _anchors,
      ...without
    } = production;
    expect(() => loadConfig(without)).toThrow(
      /needs .*CREDENTIAL_ISSUER_CERTIFICATES, CREDENTIAL_ISSUER_TRUST_ANCHORS/,
    );
    expect(() => loadConfig({ ...production, CREDENTIAL_ISSUER_CERTIFICATES: 'a certificate' })).toThrow(
      /CREDENTIAL_ISSUER_CERTIFICATES: must be one or more PEM certificates/,
    );
  });

  it('refuses an issuer certificate that is not for the signing key, naming both settings', () => {
    expect(() =>
      loadConfig({
        ...production,
        CREDENTIAL_ISSUER_KEYS: `other:${issuerKey()},2026-11:${productionIssuerKey}`,
      }),
    ).toThrow(
      /CREDENTIAL_ISSUER_CERTIFICATES: the first certificate .* is not for the signing key, the first of CREDENTIAL_ISSUER_KEYS/,
    );
  });

  it('refuses an issuer chain out of order, or one that does not lead to a trust anchor', async () => {
    expect(() =>
      loadConfig({ ...production, CREDENTIAL_ISSUER_CERTIFICATES: testPki.intermediate + testPki.leaf }),
    ).toThrow(/CREDENTIAL_ISSUER_CERTIFICATES: certificate 1 .* is not issued by the next one/);
    // The leaf alone: its issuer, the intermediate, is not an anchor.
    expect(() => loadConfig({ ...production, CREDENTIAL_ISSUER_CERTIFICATES: testPki.leaf })).toThrow(
      /CREDENTIAL_ISSUER_CERTIFICATES: the chain does not lead to a certificate of CREDENTIAL_ISSUER_TRUST_ANCHORS/,
    );
    // Another root of the same name: the signature, not the name, leads to the anchor.
    const impostor = await certify(ROOT, await newKeyPair(), 'self', { ca: true });
    expect(() => loadConfig({ ...production, CREDENTIAL_ISSUER_TRUST_ANCHORS: impostor })).toThrow(
      /does not lead to a certificate of CREDENTIAL_ISSUER_TRUST_ANCHORS/,
    );
    expect(
      loadConfig({ ...production, CREDENTIAL_ISSUER_TRUST_ANCHORS: impostor + testPki.root }).profile,
    ).toBe('production');
  });

  it('refuses an expired issuer certificate, or one not yet valid', async () => {
    const key = await keyPairOf(productionIssuerKey);
    const by = { name: INTERMEDIATE, keys: intermediateKeys };
    const expired = await certify('CN=old', key, by, {
      ca: false,
      from: new Date(Date.now() - 400 * DAY),
      to: new Date(Date.now() - DAY),
    });
    expect(() =>
      loadConfig({ ...production, CREDENTIAL_ISSUER_CERTIFICATES: expired + testPki.intermediate }),
    ).toThrow(/CREDENTIAL_ISSUER_CERTIFICATES: «CN=old» expired on/);
    const early = await certify('CN=early', key, by, { ca: false, from: new Date(Date.now() + DAY) });
    expect(() =>
      loadConfig({ ...production, CREDENTIAL_ISSUER_CERTIFICATES: early + testPki.intermediate }),
    ).toThrow(/CREDENTIAL_ISSUER_CERTIFICATES: «CN=early» is not valid before/);
  });

  it('refuses the development CA in production, as an anchor or in the chain', async () => {
    const developmentCa = await developmentCaCertificate();
    const [developmentLeaf = ''] = await developmentCertificateChain(
      createPrivateKey({ key: Buffer.from(productionIssuerKey, 'base64url'), format: 'der', type: 'pkcs8' }),
      'https://tickets.example.gov.gr',
      'EU wallet ticket issuer',
    );
    const leafPem = new X509Certificate(Buffer.from(developmentLeaf, 'base64')).toString();
    const developmentChain = {
      CREDENTIAL_ISSUER_KEYS: production.CREDENTIAL_ISSUER_KEYS,
      CREDENTIAL_ISSUER_CERTIFICATES: leafPem,
      CREDENTIAL_ISSUER_TRUST_ANCHORS: developmentCa,
    };
    // A whole chain the development CA issued: good in development, refused in production.
    expect(loadConfig(developmentChain).issuerCertificates).toHaveLength(1);
    expect(() => loadConfig({ ...production, ...developmentChain })).toThrow(
      /CREDENTIAL_ISSUER_TRUST_ANCHORS holds the development CA/,
    );
    expect(() =>
      loadConfig({
        ...production,
        CREDENTIAL_ISSUER_CERTIFICATES: leafPem + developmentCa,
        CREDENTIAL_ISSUER_TRUST_ANCHORS: developmentCa + testPki.root,
      }),
    ).toThrow(/CREDENTIAL_ISSUER_CERTIFICATES holds the development CA/);
  });

  it('makes the same development anchor in every process: a chain one made leads to the root another made', async () => {
    const root = new X509Certificate(await developmentCaCertificate());
    // A fresh copy of the module: another process's development CA, made anew.
    vi.resetModules();
    const another = await import('./development-pki');
    const otherRoot = new X509Certificate(await another.developmentCaCertificate());
    const facts = (certificate: X509Certificate) => ({
      subject: certificate.subject,
      serial: certificate.serialNumber,
      validFrom: certificate.validFrom,
      validTo: certificate.validTo,
      key: certificate.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    });
    // Made anew (ECDSA's signature is random), and yet the same anchor: name, serial, validity, key.
    expect(otherRoot.raw.equals(root.raw)).toBe(false);
    expect(facts(otherRoot)).toEqual(facts(root));
    const key = createPrivateKey({
      key: Buffer.from(productionIssuerKey, 'base64url'),
      format: 'der',
      type: 'pkcs8',
    });
    const [leaf = ''] = await another.developmentCertificateChain(
      key,
      'http://localhost:8080',
      'EU wallet ticket issuer',
    );
    const certificate = new X509Certificate(Buffer.from(leaf, 'base64'));
    expect(certificate.checkIssued(root) && certificate.verify(root.publicKey)).toBe(true);
    expect(certificate.checkPrivateKey(key)).toBe(true);
    expect(root.ca && !certificate.ca).toBe(true);
  });
});

/**
 * The gate verifier's access key and certificate (docs/design.md §12): its own, not the issuer's;
 * checked at start as the issuer's are; in development the one the development CA issued.
 */
describe('the gate verifier’s access certificate', () => {
  const der = (pem: string) => new X509Certificate(pem).raw.toString('base64');

  it('is the development CA’s certificate for the development access key in development, the same bytes in every process', async () => {
    const { verifierAccess } = loadConfig({});
    const [leaf = ''] = verifierAccess.x5c;
    expect(verifierAccess.x5c).toEqual([DEVELOPMENT_VERIFIER_ACCESS.certificate]);
    expect(loadConfig({}).verifierAccess.x5c[0]).toBe(leaf);
    const certificate = new X509Certificate(Buffer.from(leaf, 'base64'));
    const root = new X509Certificate(await developmentCaCertificate());
    expect(certificate.checkIssued(root) && certificate.verify(root.publicKey)).toBe(true);
    expect(certificate.checkPrivateKey(verifierAccess.key)).toBe(true);
    expect(certificate.ca).toBe(false);
    // Valid as long as the development CA is.
    expect(Date.parse(certificate.validTo)).toBe(Date.parse(root.validTo));
    // Not the issuer's key.
    expect(certificate.checkPrivateKey(loadConfig({}).issuerKeys.signer.privateKey)).toBe(false);
  });

  it('takes the key and chain from VERIFIER_ACCESS_* in production, and refuses a chain not for the key or not to the anchors', () => {
    const config = loadConfig(production);
    expect(config.verifierAccess.x5c).toEqual([der(testPki.access)]);
    expect(new X509Certificate(testPki.access).checkPrivateKey(config.verifierAccess.key)).toBe(true);
    expect(() => loadConfig({ ...production, VERIFIER_ACCESS_KEY: issuerKey() })).toThrow(
      /VERIFIER_ACCESS_CERTIFICATES: the first certificate .* is not for the signing key, the first of VERIFIER_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...production, VERIFIER_ACCESS_TRUST_ANCHORS: testPki.root })).toThrow(
      /VERIFIER_ACCESS_CERTIFICATES: the chain does not lead to a certificate of VERIFIER_ACCESS_TRUST_ANCHORS/,
    );
    expect(() => loadConfig({ ...production, VERIFIER_ACCESS_KEY: 'a key' })).toThrow(
      /VERIFIER_ACCESS_KEY: must be a P-256 private key/,
    );
    const { VERIFIER_ACCESS_KEY: _key, ...withoutKey } = production;
    expect(() => loadConfig(withoutKey)).toThrow(/The production profile needs VERIFIER_ACCESS_KEY\./);
  });

  it('refuses, in production, the issuer’s key as the verifier’s, and the development key or CA', async () => {
    const issuerChain = {
      VERIFIER_ACCESS_KEY: productionIssuerKey,
      VERIFIER_ACCESS_CERTIFICATES: testPki.leaf + testPki.intermediate,
      VERIFIER_ACCESS_TRUST_ANCHORS: testPki.root,
    };
    expect(() => loadConfig({ ...production, ...issuerChain })).toThrow(
      /VERIFIER_ACCESS_KEY is one of CREDENTIAL_ISSUER_KEYS/,
    );
    const developmentCa = await developmentCaCertificate();
    const developmentAccess = {
      VERIFIER_ACCESS_KEY: DEVELOPMENT_VERIFIER_ACCESS.pkcs8,
      VERIFIER_ACCESS_CERTIFICATES: new X509Certificate(
        Buffer.from(DEVELOPMENT_VERIFIER_ACCESS.certificate, 'base64'),
      ).toString(),
      VERIFIER_ACCESS_TRUST_ANCHORS: developmentCa,
    };
    // What development uses when nothing is set, set explicitly: good there, refused in production.
    expect(loadConfig(developmentAccess).verifierAccess.x5c).toEqual([
      DEVELOPMENT_VERIFIER_ACCESS.certificate,
    ]);
    const refused = () => loadConfig({ ...production, ...developmentAccess });
    expect(refused).toThrow(/VERIFIER_ACCESS_KEY is the development key/);
    expect(refused).toThrow(/VERIFIER_ACCESS_TRUST_ANCHORS holds the development CA/);
  });

  it('takes all three settings or none in development', () => {
    expect(() => loadConfig({ VERIFIER_ACCESS_KEY: productionVerifierKey })).toThrow(
      /VERIFIER_ACCESS_KEY, VERIFIER_ACCESS_CERTIFICATES, VERIFIER_ACCESS_TRUST_ANCHORS go together/,
    );
    expect(
      loadConfig({
        VERIFIER_ACCESS_KEY: productionVerifierKey,
        VERIFIER_ACCESS_CERTIFICATES: testPki.access,
        VERIFIER_ACCESS_TRUST_ANCHORS: testPki.accessCa,
      }).verifierAccess.x5c,
    ).toEqual([der(testPki.access)]);
  });
});

/**
 * The wallet providers' trust anchors (docs/design.md §12): the roots the issuer checks wallet and key
 * attestations against; the development CA in development, never in production.
 */
describe('the wallet providers’ trust anchors', () => {
  it('are WALLET_PROVIDER_TRUST_ANCHORS in production, which it needs; the development CA in development', async () => {
    const configured = await walletProviderTrustAnchors(loadConfig(production));
    expect(configured.map((anchor) => anchor.fingerprint256)).toEqual([
      new X509Certificate(testPki.walletProviderRoot).fingerprint256,
    ]);
    const { WALLET_PROVIDER_TRUST_ANCHORS: _anchors, ...without } = production;
    expect(() => loadConfig(without)).toThrow(/The production profile needs WALLET_PROVIDER_TRUST_ANCHORS\./);
    const development = loadConfig({});
    expect(development.walletProviderAnchors).toBeUndefined();
    const [developmentAnchor] = await walletProviderTrustAnchors(development);
    expect(developmentAnchor?.fingerprint256).toBe(
      new X509Certificate(await developmentCaCertificate()).fingerprint256,
    );
    expect(() => loadConfig({ WALLET_PROVIDER_TRUST_ANCHORS: 'a root' })).toThrow(
      /WALLET_PROVIDER_TRUST_ANCHORS: must be one or more PEM certificates/,
    );
  });

  it('refuses the development CA in production, an anchor expired or not yet valid, and one that is no CA', async () => {
    const developmentCa = await developmentCaCertificate();
    expect(loadConfig({ WALLET_PROVIDER_TRUST_ANCHORS: developmentCa }).walletProviderAnchors).toHaveLength(
      1,
    );
    expect(() =>
      loadConfig({
        ...production,
        WALLET_PROVIDER_TRUST_ANCHORS: testPki.walletProviderRoot + developmentCa,
      }),
    ).toThrow(/WALLET_PROVIDER_TRUST_ANCHORS holds the development CA/);
    const keys = await newKeyPair();
    const expired = await certify('CN=Old wallet provider root', keys, 'self', {
      ca: true,
      from: new Date(Date.now() - 400 * DAY),
      to: new Date(Date.now() - DAY),
    });
    expect(() => loadConfig({ ...production, WALLET_PROVIDER_TRUST_ANCHORS: expired })).toThrow(
      /WALLET_PROVIDER_TRUST_ANCHORS: «CN=Old wallet provider root» expired on/,
    );
    const early = await certify('CN=Early root', keys, 'self', {
      ca: true,
      from: new Date(Date.now() + DAY),
    });
    expect(() => loadConfig({ WALLET_PROVIDER_TRUST_ANCHORS: early })).toThrow(
      /WALLET_PROVIDER_TRUST_ANCHORS: «CN=Early root» is not valid before/,
    );
    expect(() => loadConfig({ ...production, WALLET_PROVIDER_TRUST_ANCHORS: testPki.leaf })).toThrow(
      /WALLET_PROVIDER_TRUST_ANCHORS: «CN=tickets.example.gov.gr» is not a CA certificate/,
    );
  });
});
