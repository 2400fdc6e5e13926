import {
  createPrivateKey,
  createPublicKey,
  sign as cryptoSign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  GATE_KEY_ID_MAX,
  MANIFEST_REBUILD_SECONDS,
  GATE_DEVICE_CREDENTIAL_MARGIN_HOURS,
  GATE_PAIRING_TOKEN_HOURS,
  publicKeyOf,
  STATS_LOOKUPS_PER_HOUR,
  SUSPENSION_LOOKUPS_PER_HOUR,
  type PlatformKey,
  type PlatformPublicKey,
} from '@tickets/domain';
import { parseMultiHostUrl } from './db/multi-host-url';
import type { TurnLimits } from './db/turns';
import { repoRoot } from './shared/server-root';

/**
 * The server's whole configuration, read from the environment once and validated here
 * (CONTRIBUTING.md). Start-up fails with a clear message on a missing or bad value.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** "192.0.2.7", "10.0.0.0/8", "2001:db8::/32": an address, or a range of them. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * The proxies whose X-Forwarded-For is believed. Not a hop count: Fastify refuses one, since it
 * would believe a client that connects directly and forges the header.
 */
const proxyList = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isAddressOrRange), {
    error: 'must be IP addresses or CIDR ranges, comma-separated (a hop count is not accepted)',
    abort: true,
  })
  // A /0 range is every address: any client's forged X-Forwarded-For would be believed.
  .refine((entries) => !entries.some((entry) => /\/0+$/.test(entry)), {
    error:
      'a /0 range (0.0.0.0/0, ::/0) trusts every address, so any client could forge X-Forwarded-For: list the proxies’ own addresses or ranges',
  });

/**
 * How long after its event a ticket's personal data is kept (src/retention.ts). At least a month:
 * a complaint about a match needs its holders for a while; at most ten years, so that a typo
 * cannot turn the rule off.
 */
const MIN_RETENTION_DAYS = 30;
/**
 * Days after a suspension ends (its last day passed, or lifted) before its identifiers and keys are
 * erased (src/retention.ts; README "Retention of personal data"): the default of SUSPENSION_RETENTION_DAYS.
 */
export const DEFAULT_SUSPENSION_RETENTION_DAYS = 365;
const MAX_RETENTION_DAYS = 3650;

/**
 * The platform's keys for the gate's signed codes (docs/design.md §8): `id:seed` pairs, comma-separated,
 * each seed a 32-byte Ed25519 seed in base64url; the first signs, every one is trusted (a rotation
 * adds a new first key and keeps the old until the codes it signed are past). Generate one with
 * `npm run admin -- gate-key`.
 */
const gateKeyList = z.string().transform((list, context) => {
  const keys: PlatformKey[] = [];
  for (const entry of list.split(',').map((item) => item.trim())) {
    const [id = '', secretKey = ''] = entry.split(':');
    const keyId = Number(id);
    let valid = /^\d{1,9}$/.test(id) && keyId <= GATE_KEY_ID_MAX;
    try {
      publicKeyOf(secretKey);
    } catch {
      valid = false;
    }
    if (!valid || keys.some((key) => key.keyId === keyId)) {
      context.addIssue({
        code: 'custom',
        message:
          'must be id:seed pairs (a number, a 32-byte Ed25519 seed in base64url), comma-separated, each id once',
      });
      return z.NEVER;
    }
    keys.push({ keyId, secretKey });
  }
  return keys;
});

/**
 * The development profile's gate key, known to anyone who reads this file: refused in production.
 * Every development process shares it, so that one verifies what another signed.
 */
const DEVELOPMENT_GATE_KEY: PlatformKey = {
  keyId: 0,
  secretKey: '8F2ni2AqaGbWO3TbB4f6ZiXVpJh_DlFVSTxIADVOCn8',
};

/**
 * The development profile's claim-code key (docs/design.md §10), known to anyone who reads this file:
 * refused in production. README's purchase confirmations are made with it.
 */
export const DEVELOPMENT_CLAIM_CODE_KEY = 'development-claim-code-key-known-to-all-never-in-production';

/** The platform's key for claim codes: at least 32 characters of a secret (`npm run admin -- claim-key`). */
const claimCodeKey = z
  .string()
  .min(32, { error: 'must be at least 32 characters (npm run admin -- claim-key)' });

/**
 * The development profile's key for the audit log's identifier digests (rules/identifier-digests.ts),
 * known to anyone who reads this file: refused in production.
 */
export const DEVELOPMENT_AUDIT_DIGEST_KEY = 'development-audit-digest-key-known-to-all-never-in-production';

/**
 * The keys the platform signs its SD-JWT VC tickets and status lists with (docs/design.md §12):
 * `kid:key` pairs, comma-separated, each key a P-256 private key in PKCS #8 DER, base64url (ES256, as
 * the EU wallets' profile asks). The first signs; every one is published in the issuer's JWKS, so a
 * rotation keeps the old key listed until the credentials it signed have expired. Generate one with
 * `npm run admin -- issuer-key`.
 */
export interface IssuerKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half, as the issuer's JWKS publishes it. */
  publicJwk: JsonWebKey & { kid: string };
}

export function issuerKeyOf(kid: string, pkcs8: string): IssuerKey {
  const privateKey = createPrivateKey({ key: Buffer.from(pkcs8, 'base64url'), format: 'der', type: 'pkcs8' });
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('not a P-256 key');
  const { kty, crv, x, y } = createPublicKey(privateKey).export({ format: 'jwk' });
  return { kid, privateKey, publicJwk: { kty, crv, x, y, kid, use: 'sig', alg: 'ES256' } };
}

const issuerKeyList = z.string().transform((list, context) => {
  const keys: IssuerKey[] = [];
  for (const entry of list.split(',').map((item) => item.trim())) {
    const [kid = '', pkcs8 = '', ...rest] = entry.split(':');
    let key: IssuerKey | undefined;
    try {
      if (/^[A-Za-z0-9_-]{1,64}$/.test(kid) && rest.length === 0) key = issuerKeyOf(kid, pkcs8);
    } catch {
      key = undefined;
    }
    if (!key || keys.some((known) => known.kid === kid)) {
      context.addIssue({
        code: 'custom',
        message:
          'must be kid:key pairs (an id of letters, digits, - or _; a P-256 private key in PKCS #8 DER, base64url), comma-separated, each kid once',
      });
      return z.NEVER;
    }
    keys.push(key);
  }
  return keys;
});

/**
 * The development profile's issuer key, known to anyone who reads this file: refused in production.
 * Every development process shares it, so a credential one issued verifies against another's JWKS.
 */
export const DEVELOPMENT_ISSUER_KEY = {
  kid: 'development',
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgU6QwO2kbOlKwOSKsp4sx7VyJ2bggn9Oxk635ZNDPtD2hRANCAAQQoyyFQLYwTwzaKahexTu2WV72XomMGX_Swe-8UzjWgRAHMeenHDh_7XVw6wa_jhxU6r99piF5aJ4rHC6wNkBi',
} as const;

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

const environmentSchema = z.object({
  PROFILE: z.enum(['development', 'production']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  // Prometheus metrics on a listener of their own (README "Metrics and alerts"); unset: none.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // The balancer's checks on a port of their own, answered off the main loop (features/health); unset: none.
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HEALTH_HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    // libpq's list of hosts (a primary and its standby), which db/primary.ts connects through.
    .superRefine((url, context) => {
      try {
        parseMultiHostUrl(url);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  DEMO_DATA: booleanFlag.optional(),
  TAXIS_STANDIN: booleanFlag.optional(),
  TAXIS_BASE_URL: z.url().optional(),
  TAXIS_CLIENT_ID: z.string().min(1).optional(),
  TAXIS_CLIENT_SECRET: z.string().min(1).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(MIN_RETENTION_DAYS, { error: `must be at least ${MIN_RETENTION_DAYS} days` })
    .max(MAX_RETENTION_DAYS, { error: `must be at most ${MAX_RETENTION_DAYS} days` })
    .default(183),
  SUSPENSION_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(MIN_RETENTION_DAYS, { error: `must be at least ${MIN_RETENTION_DAYS} days` })
    .max(MAX_RETENTION_DAYS, { error: `must be at most ${MAX_RETENTION_DAYS} days` })
    .default(DEFAULT_SUSPENSION_RETENTION_DAYS),
  RATE_LIMITS: booleanFlag.optional(),
  SUSPENSION_LOOKUPS_PER_HOUR: wholeNumber(1, 10_000).default(SUSPENSION_LOOKUPS_PER_HOUR),
  STATS_LOOKUPS_PER_HOUR: wholeNumber(1, 10_000).default(STATS_LOOKUPS_PER_HOUR),
  TRUSTED_PROXIES: proxyList.optional(),
  LOG_FILE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  GATE_SIGNING_KEYS: gateKeyList.optional(),
  CLAIM_CODE_KEY: claimCodeKey.optional(),
  CREDENTIAL_ISSUER_KEYS: issuerKeyList.optional(),
  AUDIT_DIGEST_KEY: z
    .string()
    .min(32, { error: 'must be at least 32 characters (npm run admin -- audit-key)' })
    .optional(),
  // A match's offline manifest is rebuilt at most once in this many seconds (0: whenever it changed).
  GATE_MANIFEST_REBUILD_SECONDS: wholeNumber(0, 3600).default(MANIFEST_REBUILD_SECONDS),
  // A paired gate device's credential ends this many hours after its club's match day.
  GATE_DEVICE_CREDENTIAL_MARGIN_HOURS: wholeNumber(1, 24).default(GATE_DEVICE_CREDENTIAL_MARGIN_HOURS),
  // An unpaired gate device's pairing token pairs this many hours after its registration (a week at most).
  GATE_PAIRING_TOKEN_HOURS: wholeNumber(1, 168).default(GATE_PAIRING_TOKEN_HOURS),
  // The embedded database's turns (src/db/turns.ts); PostgreSQL has its connection pool instead.
  PGLITE_CONCURRENT_REQUESTS: wholeNumber(1, 64).default(4),
  PGLITE_MAX_WAITING: wholeNumber(0, 10_000).default(200),
  PGLITE_MAX_WAIT_MS: wholeNumber(10, 60_000).default(500),
  // Notifications' e-mail (README "Notifications"): the mail server, or in development the mailbox.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/i, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_ALLOW_PLAINTEXT: booleanFlag.optional(),
  MAIL_FROM: z.string().min(3).optional(),
  DEV_MAILBOX: booleanFlag.optional(),
  // false: changes write no notification, for the bench's comparison of the same write without one.
  NOTIFICATIONS: booleanFlag.optional(),
  // false: this process writes notifications and leaves their delivery to the processes that deliver.
  MAIL_DELIVERY: booleanFlag.optional(),
  MAIL_RETRY_DELAY_SECONDS: wholeNumber(1, 3600).default(30),
  MAIL_RETRY_MAX_DELAY_SECONDS: wholeNumber(1, 86_400).default(900),
  // 0 gives up at the first refusal (tests of the operators' retry).
  MAIL_GIVE_UP_MINUTES: wholeNumber(0, 7 * 24 * 60).default(48 * 60),
  // Unset: the profile's default (SHUTDOWN_DRAIN_DEFAULT_SECONDS).
  SHUTDOWN_DRAIN_SECONDS: wholeNumber(0, 60).optional(),
});

/**
 * How long a process told to stop keeps serving with /readyz failing before it closes: in production,
 * long enough for deploy/haproxy.cfg's health check (every 1 s, out after 2 failures) to take it out
 * of the rotation, with a margin for a check under way; in development a single process with no
 * balancer, so Ctrl-C stops it at once.
 */
export const SHUTDOWN_DRAIN_DEFAULT_SECONDS = { production: 5, development: 0 } as const;

export interface Config {
  profile: 'development' | 'production';
  host: string;
  port: number;
  /** Where Prometheus scrapes `/metrics` (plugins/metrics.ts); undefined: no metrics listener. */
  metrics: { host: string; port: number } | undefined;
  /** Where the balancer's `/readyz` is answered off the main loop (features/health); undefined: none. */
  health: { host: string; port: number } | undefined;
  /** The origin people reach the service at; unset in development = the listening address. */
  publicUrl: string | undefined;
  database:
    | { kind: 'postgres'; url: string }
    | {
        kind: 'pglite';
        dataDir: string | undefined;
        /** How many requests use it at once, how many may wait and how long; unset = unbounded (tools). */
        turns?: TurnLimits;
      };
  demoData: boolean;
  taxis: {
    standIn: boolean;
    /** Unset only with the stand-in: then it is the service's own origin. */
    baseUrl: string | undefined;
    clientId: string;
    clientSecret: string;
  };
  session: { idleMinutes: number; absoluteHours: number };
  /** Days after an event ends before its tickets', declarations' and loans' personal data are erased. */
  retentionDays: number;
  /** Days after a suspension ends or is lifted before its identifiers and keys are erased. */
  suspensionRetentionDays: number;
  /** Off only for load benchmarks, and never in production. */
  rateLimits: boolean;
  /** Suspension pre-checks and searches one officer may make in an hour (registry lookups each). */
  suspensionLookupsPerHour: number;
  /** Stats lookups one officer may make in an hour (features/stats). */
  statsLookupsPerHour: number;
  /**
   * The reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client. Empty =
   * none: the client is whoever connects, so a forged header cannot buy a fresh rate-limit bucket.
   */
  trustedProxies: string[];
  logLevel: string;
  /** Log lines go to this file instead of standard output (the browser tests read it back). */
  logFile: string | undefined;
  webDistDir: string;
  /** The gate's signing keys: `signer` signs new codes, `trusted` verifies (the signer among them). */
  gateKeys: { signer: PlatformKey; trusted: PlatformPublicKey[] };
  /** The SD-JWT VC issuer's keys: `signer` signs credentials and status lists, `published` is the JWKS. */
  issuerKeys: { signer: IssuerKey; published: IssuerKey['publicJwk'][] };
  /** The key claim codes are derived with (src/rules/claim-codes.ts): a re-push gives the same code. */
  claimCodeKey: string;
  /** The key of the audit log's digests of identifiers (ΑΦΜ, ΑΜΚΑ, documents): HMAC, never a bare hash. */
  auditDigestKey: string;
  /** A match's manifest is rebuilt at most once in this many seconds, whatever changes arrive. */
  gateManifestRebuildSeconds: number;
  /** A paired gate device's credential ends this long after its club's match day (docs/design.md §8). */
  gateDeviceCredentialMarginHours: number;
  /** An unpaired device's pairing token pairs this long after its registration, then never (docs/design.md §8). */
  gatePairingTokenHours: number;
  mail: {
    /** The mail server; unset only with the development mailbox, which then receives every message. */
    smtpUrl: string | undefined;
    /** Development only: a local SMTP server on loopback and its page (src/shared/notifications/). */
    devMailbox: boolean;
    from: string;
    /** The first retry's delay, doubled at each retry up to the largest (pg-boss's back-off). */
    retryDelaySeconds: number;
    retryMaxDelaySeconds: number;
    /** A message not delivered this long after it was written is given up and marked FAILED. */
    giveUpMinutes: number;
    /** false (NOTIFICATIONS=false, benchmarks only): a change writes no notification. */
    notifications: boolean;
    /**
     * false (MAIL_DELIVERY=false): this process takes no delivery job. The messages it writes wait in
     * the outbox for a process that delivers (there must be one: none is lost meanwhile).
     */
    delivery: boolean;
  };
  /** Seconds between SIGTERM and the close, answering all but /readyz (plugins/drain.ts). */
  shutdownDrainSeconds: number;
}

export class ConfigError extends Error {}

type Environment = z.infer<typeof environmentSchema>;

/** The development profile signs anyone in (stand-in) as any demo person: this machine only. */
const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Why a production start would be unsafe: every reason, each naming the variable to change. */
function unsafeProduction(env: Partial<Environment>, standIn: boolean): string[] {
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

function unsafeDevelopment(env: Partial<Environment>, standIn: boolean): string[] {
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

/**
 * Every variable on its own (its default when unset), so that one bad value does not hide the next:
 * the values that parsed, and a line for each that did not.
 */
function parseEnvironment(present: Record<string, string | undefined>) {
  const env: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, field] of Object.entries(environmentSchema.shape)) {
    const parsed = (field as z.ZodType).safeParse(present[name]);
    if (parsed.success) env[name] = parsed.data;
    else problems.push(...parsed.error.issues.map((issue) => `${name}: ${issue.message}`));
  }
  return { env: env as Partial<Environment>, problems };
}

/** The development key under another kid is the development key all the same. */
const isDevelopmentIssuerKey = (key: IssuerKey) =>
  key.publicJwk.x === issuerKeyOf(DEVELOPMENT_ISSUER_KEY.kid, DEVELOPMENT_ISSUER_KEY.pkcs8).publicJwk.x;

function issuerKeysOf(keys: IssuerKey[] | undefined): Config['issuerKeys'] {
  const [signer, ...older] = keys ?? [issuerKeyOf(DEVELOPMENT_ISSUER_KEY.kid, DEVELOPMENT_ISSUER_KEY.pkcs8)];
  if (!signer) throw new ConfigError('CREDENTIAL_ISSUER_KEYS: at least one key is needed.');
  return { signer, published: [signer, ...older].map((key) => key.publicJwk) };
}

function gateKeysOf([signer, ...older]: PlatformKey[]): Config['gateKeys'] {
  if (!signer) throw new ConfigError('GATE_SIGNING_KEYS: at least one key is needed.');
  return {
    signer: withNativeSigning(signer),
    trusted: [signer, ...older].map((key) => ({ keyId: key.keyId, publicKey: publicKeyOf(key.secretKey) })),
  };
}

/**
 * The signing key with Node's own Ed25519 (OpenSSL): every personalized ticket's code is signed, and
 * JavaScript's signature cost more than the rest of the request (bench/HISTORY.md, "Personalization (fixed)").
 */
function withNativeSigning(key: PlatformKey): PlatformKey {
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: key.secretKey, x: publicKeyOf(key.secretKey) },
    format: 'jwk',
  });
  return { ...key, sign: (message) => cryptoSign(null, message, privateKey) };
}

/** The host of the service's address: the sender's and the Message-IDs' domain. */
export function mailDomainOf(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable is an unset one (`DATABASE_URL= npm start` means: no PostgreSQL).
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const { env: parsed, problems } = parseEnvironment(present);
  const production = parsed.PROFILE === 'production';
  const standIn = parsed.TAXIS_STANDIN ?? !production;
  // Refused rather than taken to mean production (docs/design.md §3): a deployer who set only the
  // conventional variable meant production but gave none of its settings, and a profile chosen by a
  // variable that libraries and build tools also read would switch the stand-in on or off unseen.
  if (present.NODE_ENV === 'production' && !production) {
    problems.push(
      'NODE_ENV=production is set but PROFILE is not production: the development profile (a TaxisNet stand-in that signs anyone in, demo data, the development mailbox) would start. Set PROFILE=production with its settings, or unset NODE_ENV for development.',
    );
  }
  problems.push(...(production ? unsafeProduction(parsed, standIn) : unsafeDevelopment(parsed, standIn)));
  // The metrics say how busy the service is and which clubs play: never on the public port.
  if (parsed.METRICS_PORT !== undefined && parsed.METRICS_PORT !== 0 && parsed.METRICS_PORT === parsed.PORT) {
    problems.push('METRICS_PORT must differ from PORT: the metrics are never served on the public port.');
  }
  if (parsed.HEALTH_PORT !== undefined && parsed.HEALTH_PORT !== 0 && parsed.HEALTH_PORT === parsed.PORT) {
    problems.push('HEALTH_PORT must differ from PORT: the health checks have a listener of their own.');
  }
  let gateKeys: Config['gateKeys'] | undefined;
  try {
    gateKeys = gateKeysOf(parsed.GATE_SIGNING_KEYS ?? [DEVELOPMENT_GATE_KEY]);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(error.message);
  }
  // An operator fixing a settings file sees every bad setting in one try.
  if (problems.length > 0 || !gateKeys) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed as Environment;

  const dataDir = env.DATA_DIR ?? path.resolve(environment.INIT_CWD ?? repoRoot, 'data');
  return {
    profile: env.PROFILE,
    host: env.HOST,
    port: env.PORT,
    metrics: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    health:
      env.HEALTH_PORT === undefined
        ? undefined
        : { host: env.HEALTH_HOST ?? env.HOST, port: env.HEALTH_PORT },
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: dataDir === 'memory' ? undefined : dataDir,
          turns: {
            concurrent: env.PGLITE_CONCURRENT_REQUESTS,
            maxWaiting: env.PGLITE_MAX_WAITING,
            maxWaitMs: env.PGLITE_MAX_WAIT_MS,
          },
        },
    demoData: env.DEMO_DATA ?? !production,
    taxis: {
      standIn,
      baseUrl: env.TAXIS_BASE_URL?.replace(/\/+$/, ''),
      // Development-only defaults: the stand-in checks the same values it is given here.
      clientId: env.TAXIS_CLIENT_ID ?? 'athletic-tickets-local',
      clientSecret: env.TAXIS_CLIENT_SECRET ?? 'local-stand-in-only',
    },
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS },
    retentionDays: env.RETENTION_DAYS,
    suspensionRetentionDays: env.SUSPENSION_RETENTION_DAYS,
    rateLimits: env.RATE_LIMITS ?? true,
    suspensionLookupsPerHour: env.SUSPENSION_LOOKUPS_PER_HOUR,
    statsLookupsPerHour: env.STATS_LOOKUPS_PER_HOUR,
    trustedProxies: env.TRUSTED_PROXIES ?? [],
    logLevel: env.LOG_LEVEL,
    logFile: env.LOG_FILE,
    webDistDir: env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'),
    gateKeys,
    issuerKeys: issuerKeysOf(env.CREDENTIAL_ISSUER_KEYS),
    claimCodeKey: env.CLAIM_CODE_KEY ?? DEVELOPMENT_CLAIM_CODE_KEY,
    auditDigestKey: env.AUDIT_DIGEST_KEY ?? DEVELOPMENT_AUDIT_DIGEST_KEY,
    gateManifestRebuildSeconds: env.GATE_MANIFEST_REBUILD_SECONDS,
    gateDeviceCredentialMarginHours: env.GATE_DEVICE_CREDENTIAL_MARGIN_HOURS,
    gatePairingTokenHours: env.GATE_PAIRING_TOKEN_HOURS,
    mail: {
      smtpUrl: env.SMTP_URL,
      devMailbox: !production && (env.DEV_MAILBOX ?? !env.SMTP_URL),
      from: env.MAIL_FROM ?? `"Ψηφιακό εισιτήριο" <no-reply@${mailDomainOf(env.PUBLIC_URL)}>`,
      retryDelaySeconds: env.MAIL_RETRY_DELAY_SECONDS,
      retryMaxDelaySeconds: env.MAIL_RETRY_MAX_DELAY_SECONDS,
      giveUpMinutes: env.MAIL_GIVE_UP_MINUTES,
      notifications: env.NOTIFICATIONS ?? true,
      delivery: env.MAIL_DELIVERY ?? true,
    },
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS ?? SHUTDOWN_DRAIN_DEFAULT_SECONDS[env.PROFILE],
  };
}
