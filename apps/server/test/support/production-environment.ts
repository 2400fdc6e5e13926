import { generateKeyPairSync } from 'node:crypto';
import { generateGateKeyPair } from '@tickets/domain';
import { certify, keyPairOf, newKeyPair } from './test-pki';

/** A new P-256 key as CREDENTIAL_ISSUER_KEYS takes it (PKCS #8 DER, base64url). */
export const issuerKey = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64url');

/** The issuer key of `production`, which its certificate chain is for. */
export const productionIssuerKey = issuerKey();

/** The gate verifier's access key of `production`, which its access certificate is for. */
export const productionVerifierKey = issuerKey();

/** The state PKI of `production`: a root (the anchor), an issuing CA, and the issuer key's leaf. */
export const ROOT = 'CN=Hellenic Test Root CA';
export const INTERMEDIATE = 'CN=Hellenic Test Issuing CA';
export const rootKeys = await newKeyPair();
export const intermediateKeys = await newKeyPair();
/** The registrar of relying parties, whose CA issues access certificates. */
export const ACCESS_CA = 'CN=Hellenic Test Relying Party Access CA';
export const accessCaKeys = await newKeyPair();
/** A wallet provider's root, as the EU trusted list of wallet providers names it. */
export const WALLET_PROVIDER_ROOT = 'CN=Test Wallet Provider Root CA';
export const walletProviderRootKeys = await newKeyPair();
export const testPki = {
  root: await certify(ROOT, rootKeys, 'self', { ca: true }),
  intermediate: await certify(INTERMEDIATE, intermediateKeys, { name: ROOT, keys: rootKeys }, { ca: true }),
  leaf: await certify(
    'CN=tickets.example.gov.gr',
    await keyPairOf(productionIssuerKey),
    { name: INTERMEDIATE, keys: intermediateKeys },
    { ca: false },
  ),
  accessCa: await certify(ACCESS_CA, accessCaKeys, 'self', { ca: true }),
  access: await certify(
    'CN=Athletic Tickets gate verifier',
    await keyPairOf(productionVerifierKey),
    { name: ACCESS_CA, keys: accessCaKeys },
    { ca: false },
  ),
  walletProviderRoot: await certify(WALLET_PROVIDER_ROOT, walletProviderRootKeys, 'self', { ca: true }),
};

/** A complete production environment (config/): every setting it needs, none of the development ones. */
export const production = {
  PROFILE: 'production',
  TAXIS_STANDIN: 'false',
  PUBLIC_URL: 'https://tickets.example.gov.gr',
  DATABASE_URL: 'postgres://tickets@db/tickets',
  TAXIS_BASE_URL: 'https://oauth2.gsis.gr',
  TAXIS_CLIENT_ID: 'client',
  TAXIS_CLIENT_SECRET: 'secret',
  GATE_SIGNING_KEYS: `1:${generateGateKeyPair().secretKey}`,
  CLAIM_CODE_KEY: 'a-production-claim-code-key-of-at-least-32-characters',
  AUDIT_DIGEST_KEY: 'a-production-audit-digest-key-of-at-least-32-characters',
  CREDENTIAL_ISSUER_KEYS: `2026-11:${productionIssuerKey}`,
  CREDENTIAL_ISSUER_CERTIFICATES: testPki.leaf + testPki.intermediate,
  CREDENTIAL_ISSUER_TRUST_ANCHORS: testPki.root,
  VERIFIER_ACCESS_KEY: productionVerifierKey,
  VERIFIER_ACCESS_CERTIFICATES: testPki.access,
  VERIFIER_ACCESS_TRUST_ANCHORS: testPki.accessCa,
  WALLET_PROVIDER_TRUST_ANCHORS: testPki.walletProviderRoot,
  SMTP_URL: 'smtps://tickets:secret@mail.example.gov.gr:465',
};
