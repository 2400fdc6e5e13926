import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Environment } from './environment';
import {
  DEVELOPMENT_AUDIT_DIGEST_KEY,
  DEVELOPMENT_CLAIM_CODE_KEY,
  DEVELOPMENT_GATE_KEY,
  DEVELOPMENT_VERIFIER_ACCESS,
  isDevelopmentIssuerKey,
  issuerKeyOf,
} from './keys';

/** The development profile signs anyone in (stand-in) as any demo person: this machine only. */
const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

const jwkOf = (key: KeyObject) => createPublicKey(key).export({ format: 'jwk' });
const developmentVerifierKey = issuerKeyOf('access', DEVELOPMENT_VERIFIER_ACCESS.pkcs8).publicJwk;

/** Why a production start would be unsafe: every reason, each naming the variable to change. */
export function unsafeProduction(env: Partial<Environment>, standIn: boolean): string[] {
  const problems: string[] = [];
  if (standIn) {
    problems.push(
      'The TaxisNet stand-in cannot run in the production profile: set TAXIS_STANDIN=false and configure the real TaxisNet (TAXIS_BASE_URL, TAXIS_CLIENT_ID, TAXIS_CLIENT_SECRET).',
    );
  }
  if (env.RATE_LIMITS === false) problems.push('RATE_LIMITS=false is for benchmarks, never for production.');
  if (env.NOTIFICATIONS === false) {
    problems.push('NOTIFICATIONS=false is for benchmarks, never for production: people would not be told.');
  }
  if (env.DEMO_DATA === true) {
    problems.push('DEMO_DATA=true loads the demo people and their tickets: never in production.');
  }
  const missing = (
    [
      'PUBLIC_URL',
      'DATABASE_URL',
      'TAXIS_BASE_URL',
      'TAXIS_CLIENT_ID',
      'TAXIS_CLIENT_SECRET',
      'GATE_SIGNING_KEYS',
      'CLAIM_CODE_KEY',
      'AUDIT_DIGEST_KEY',
      'CREDENTIAL_ISSUER_KEYS',
      'CREDENTIAL_ISSUER_CERTIFICATES',
      'CREDENTIAL_ISSUER_TRUST_ANCHORS',
      'VERIFIER_ACCESS_KEY',
      'VERIFIER_ACCESS_CERTIFICATES',
      'VERIFIER_ACCESS_TRUST_ANCHORS',
      'WALLET_PROVIDER_TRUST_ANCHORS',
    ] as const
  ).filter((name) => !env[name]);
  if (missing.length > 0) problems.push(`The production profile needs ${missing.join(', ')}.`);
  if (env.DEV_MAILBOX === true) {
    problems.push(
      'DEV_MAILBOX=true keeps every e-mail in a local development mailbox: never in production (set SMTP_URL).',
    );
  }
  if (!env.SMTP_URL) {
    problems.push(
      'The production profile needs SMTP_URL (smtps://user:password@host:465) to e-mail notifications.',
    );
  } else if (!/^smtps:\/\//i.test(env.SMTP_URL) && env.SMTP_ALLOW_PLAINTEXT !== true) {
    problems.push(
      'SMTP_URL must be an smtps:// address (TLS) in the production profile; SMTP_ALLOW_PLAINTEXT=true allows smtp:// (a relay on the same host).',
    );
  }
  if (env.GATE_SIGNING_KEYS?.some((key) => key.secretKey === DEVELOPMENT_GATE_KEY.secretKey)) {
    problems.push(
      'GATE_SIGNING_KEYS holds the development key, which anyone can read: generate one with `npm run admin -- gate-key`.',
    );
  }
  if (env.CREDENTIAL_ISSUER_KEYS?.some(isDevelopmentIssuerKey)) {
    problems.push(
      'CREDENTIAL_ISSUER_KEYS holds the development key, which anyone can read: anyone could issue tickets an EU wallet and a gate would accept. Generate one with `npm run admin -- issuer-key`.',
    );
  }
  const verifierKey = env.VERIFIER_ACCESS_KEY && jwkOf(env.VERIFIER_ACCESS_KEY);
  if (verifierKey && verifierKey.x === developmentVerifierKey.x) {
    problems.push(
      "VERIFIER_ACCESS_KEY is the development key, which anyone can read: anyone could ask wallets for tickets in the gate's name. Generate one with `npm run admin -- verifier-key`.",
    );
  }
  if (verifierKey && env.CREDENTIAL_ISSUER_KEYS?.some((key) => key.publicJwk.x === verifierKey.x)) {
    problems.push(
      "VERIFIER_ACCESS_KEY is one of CREDENTIAL_ISSUER_KEYS: the gate asks for tickets with a key of its own, never the issuer's (a wallet tells the relying party from the issuer by it). Generate one with `npm run admin -- verifier-key`.",
    );
  }
  if (env.CLAIM_CODE_KEY === DEVELOPMENT_CLAIM_CODE_KEY) {
    problems.push(
      'CLAIM_CODE_KEY is the development key, which anyone can read: anyone could take any ticket with it. Generate one with `npm run admin -- claim-key`.',
    );
  }
  if (env.AUDIT_DIGEST_KEY === DEVELOPMENT_AUDIT_DIGEST_KEY) {
    problems.push(
      'AUDIT_DIGEST_KEY is the development key, which anyone can read: the ΑΦΜ behind an audit row could be found by trying them all. Generate one with `npm run admin -- audit-key`.',
    );
  }
  // Over plain HTTP the session cookie goes without Secure, and TaxisNet's codes and tokens in clear.
  for (const name of ['PUBLIC_URL', 'TAXIS_BASE_URL'] as const) {
    if (env[name] && !/^https:\/\//i.test(env[name])) {
      problems.push(`${name} must be an https:// address in the production profile.`);
    }
  }
  return problems;
}

export function unsafeDevelopment(env: Partial<Environment>, standIn: boolean): string[] {
  const problems: string[] = [];
  if (!standIn && !env.TAXIS_BASE_URL) {
    problems.push('TAXIS_BASE_URL is required when the TaxisNet stand-in is off.');
  }
  if (env.DEV_MAILBOX === true && env.SMTP_URL) {
    problems.push('Set either SMTP_URL or DEV_MAILBOX=true: the development mailbox is the mail server.');
  }
  if (env.HOST !== undefined && !LOOPBACK_HOSTS.test(env.HOST)) {
    problems.push(
      `HOST=${env.HOST} would open the development profile (demo people, a TaxisNet stand-in that signs anyone in) to other machines: use localhost, 127.0.0.1 or ::1, or PROFILE=production.`,
    );
  }
  return problems;
}
