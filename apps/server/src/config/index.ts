import path from 'node:path';
import type { TurnLimits } from '../db/turns';
import { repoRoot } from '../shared/server-root';
import { X509Certificate, type KeyObject } from 'node:crypto';
import {
  checkCertificateChain,
  developmentCaIn,
  isDevelopmentCa,
  validityProblems,
  type CertificateSettings,
} from './certificates';
import { ConfigError } from './config-error';
import { parseEnvironment, type Environment } from './environment';
import {
  DEVELOPMENT_AUDIT_DIGEST_KEY,
  DEVELOPMENT_CLAIM_CODE_KEY,
  DEVELOPMENT_GATE_KEY,
  DEVELOPMENT_VERIFIER_ACCESS,
  gateKeysOf,
  issuerKeyOf,
  issuerKeysOf,
  type GateKeys,
  type IssuerKeys,
} from './keys';
import { unsafeDevelopment, unsafeProduction } from './profiles';
import { SHUTDOWN_DRAIN_DEFAULT_SECONDS } from './shutdown';

/**
 * The server's whole configuration, read from the environment once and validated here
 * (CONTRIBUTING.md): each variable by the environment's schema (environment.ts, the keys' own
 * parsing in keys.ts), then what the profile refuses (profiles.ts). Start-up fails with a clear
 * message on a missing or bad value. This index is what the rest of the server imports.
 */

export { ConfigError };
export { DEFAULT_SUSPENSION_RETENTION_DAYS } from './environment';
export { DEVELOPMENT_CLAIM_CODE_KEY, DEVELOPMENT_ISSUER_KEY, issuerKeyOf, type IssuerKey } from './keys';

/**
 * The development CA's root, PEM (development-pki.ts), loaded only when asked for: a production
 * process never loads the certificate library, nor the global Reflect metadata it needs.
 */
export const developmentCaCertificate = async () =>
  (await import('./development-pki')).developmentCaCertificate();

export { SHUTDOWN_DRAIN_DEFAULT_SECONDS, SHUTDOWN_GRACE_MS } from './shutdown';

/**
 * The gate's OpenID4VP verifier as a relying party (docs/design.md §12): the key that signs its
 * request objects and the chain of its access certificate, as `x5c` carries it (leaf first, base64
 * DER, without the anchor). Its client identifier is the leaf's hash (`x509_hash:`).
 */
export interface VerifierAccess {
  key: KeyObject;
  x5c: string[];
}

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
        /** A `dumpDataDir()` tarball to start from, the migrations then run on it; only tests set it. */
        loadDataDir?: Blob;
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
  gateKeys: GateKeys;
  issuerKeys: IssuerKeys;
  /**
   * The signing key's certificate chain as `x5c` carries it (leaf first, base64 DER, without the
   * anchor), from CREDENTIAL_ISSUER_CERTIFICATES, checked at start; undefined: the development CA
   * issues one (`issuerCertificateChain`).
   */
  issuerCertificates: string[] | undefined;
  /** The gate verifier's access key and its certificate chain, from VERIFIER_ACCESS_*. */
  verifierAccess: VerifierAccess;
  /**
   * The roots of the wallet providers whose wallet and key attestations the issuer trusts, from
   * WALLET_PROVIDER_TRUST_ANCHORS, checked at start; undefined: the development CA
   * (`walletProviderTrustAnchors`).
   */
  walletProviderAnchors: X509Certificate[] | undefined;
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
  const issuerCertificates = issuerCertificatesOf(present, parsed, production);
  problems.push(...issuerCertificates.problems);
  const verifierAccess = verifierAccessOf(present, parsed, production);
  problems.push(...verifierAccess.problems);
  problems.push(...walletProviderAnchorProblems(parsed.WALLET_PROVIDER_TRUST_ANCHORS ?? [], production));
  let gateKeys: Config['gateKeys'] | undefined;
  try {
    gateKeys = gateKeysOf(parsed.GATE_SIGNING_KEYS ?? [DEVELOPMENT_GATE_KEY]);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(error.message);
  }
  // An operator fixing a settings file sees every bad setting in one try.
  if (problems.length > 0 || !gateKeys || !verifierAccess.access) {
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
    issuerCertificates: issuerCertificates.x5c,
    verifierAccess: verifierAccess.access,
    walletProviderAnchors: env.WALLET_PROVIDER_TRUST_ANCHORS,
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

/** A signing key's chain as settings give it, checked (docs/design.md §12); unset: none here. */
function checkedChain(
  settings: Partial<Pick<CertificateSettings, 'chain' | 'anchors'>> & Pick<CertificateSettings, 'names'>,
  key: KeyObject,
  production: boolean,
): { problems: string[]; x5c: string[] | undefined } {
  const { chain, anchors, names } = settings;
  if (!chain || !anchors) return { problems: [], x5c: undefined };
  const checked = checkCertificateChain({ chain, anchors, names }, key, new Date());
  return {
    problems: [...checked.problems, ...(production ? developmentCaIn({ chain, anchors, names }) : [])],
    x5c: checked.x5c,
  };
}

/**
 * The issuer's certificate chain from its settings, checked: its leaf is for the signing key, each
 * certificate is issued by the next, the last by one of the trust anchors, none is expired, and in
 * production none is the development CA. Unset (development): none here, the development CA issues
 * one. A key setting that did not parse has its own message: no chain is checked against a key that
 * is not known.
 */
function issuerCertificatesOf(
  present: Record<string, string | undefined>,
  env: Partial<Environment>,
  production: boolean,
): { problems: string[]; x5c: string[] | undefined } {
  const { CREDENTIAL_ISSUER_CERTIFICATES: chain, CREDENTIAL_ISSUER_TRUST_ANCHORS: anchors } = env;
  // Production names both among what it needs (profiles.ts); development takes both or neither.
  if (!production && !chain !== !anchors) {
    return {
      problems: [
        'CREDENTIAL_ISSUER_CERTIFICATES and CREDENTIAL_ISSUER_TRUST_ANCHORS go together: the chain is checked against the anchors. Set both, or neither for the development CA.',
      ],
      x5c: undefined,
    };
  }
  if (!env.CREDENTIAL_ISSUER_KEYS && present.CREDENTIAL_ISSUER_KEYS) return { problems: [], x5c: undefined };
  const names = {
    chain: 'CREDENTIAL_ISSUER_CERTIFICATES',
    anchors: 'CREDENTIAL_ISSUER_TRUST_ANCHORS',
    key: 'CREDENTIAL_ISSUER_KEYS',
  };
  const key = issuerKeysOf(env.CREDENTIAL_ISSUER_KEYS).signer.privateKey;
  return checkedChain({ chain, anchors, names }, key, production);
}

/**
 * The gate verifier's access key and certificate chain (docs/design.md §12), checked as the issuer's
 * are. Development without them: the development key and the certificate the development CA issued
 * for it (a constant: every process presents the same bytes, which the client identifier hashes).
 */
function verifierAccessOf(
  present: Record<string, string | undefined>,
  env: Partial<Environment>,
  production: boolean,
): { problems: string[]; access: VerifierAccess | undefined } {
  const {
    VERIFIER_ACCESS_KEY: key,
    VERIFIER_ACCESS_CERTIFICATES: chain,
    VERIFIER_ACCESS_TRUST_ANCHORS: anchors,
  } = env;
  const names = ['VERIFIER_ACCESS_KEY', 'VERIFIER_ACCESS_CERTIFICATES', 'VERIFIER_ACCESS_TRUST_ANCHORS'];
  const given = names.filter((name) => present[name]);
  if (given.length === 0 && !production) {
    const { pkcs8, certificate } = DEVELOPMENT_VERIFIER_ACCESS;
    return { problems: [], access: { key: issuerKeyOf('access', pkcs8).privateKey, x5c: [certificate] } };
  }
  if (given.length < names.length) {
    // Production names the missing ones among what it needs (profiles.ts).
    const problem = `${names.join(', ')} go together: the key, its access certificate's chain and the anchors the chain is checked against. Set all three, or none for the development access certificate.`;
    return { problems: production ? [] : [problem], access: undefined };
  }
  // A setting that did not parse has its own message.
  if (!key || !chain || !anchors) return { problems: [], access: undefined };
  const settings = {
    chain,
    anchors,
    names: { chain: names[1] ?? '', anchors: names[2] ?? '', key: names[0] ?? '' },
  };
  const { problems, x5c } = checkedChain(settings, key, production);
  return { problems, access: x5c && { key, x5c } };
}

/**
 * The `x5c` of everything the issuer signs (docs/design.md §12): the configured chain, or in
 * development the development CA's certificate for the signing key, naming the issuer's origin (made
 * once per process).
 */
export async function issuerCertificateChain(config: Config, issuer: string): Promise<string[]> {
  if (config.issuerCertificates) return config.issuerCertificates;
  const { developmentCertificateChain } = await import('./development-pki');
  return developmentCertificateChain(config.issuerKeys.signer.privateKey, issuer, 'EU wallet ticket issuer');
}

const WALLET_PROVIDER_ANCHORS = 'WALLET_PROVIDER_TRUST_ANCHORS';

/**
 * Why the wallet providers' anchors cannot stand (docs/design.md §12): one that cannot issue
 * certificates, one expired or not yet valid (every attestation would be refused), and in production
 * the development CA, with which anyone could attest a wallet.
 */
function walletProviderAnchorProblems(anchors: X509Certificate[], production: boolean): string[] {
  const problems = validityProblems(WALLET_PROVIDER_ANCHORS, anchors, new Date());
  for (const anchor of anchors.filter((certificate) => !certificate.ca)) {
    problems.push(
      `${WALLET_PROVIDER_ANCHORS}: «${anchor.subject.replaceAll('\n', ', ')}» is not a CA certificate: it issues no wallet provider's certificate.`,
    );
  }
  if (production && anchors.some(isDevelopmentCa)) {
    problems.push(
      `${WALLET_PROVIDER_ANCHORS} holds the development CA, whose key anyone can read: anyone could attest a wallet and its keys to the issuer. Use the wallet providers' roots of the EU trusted list (README "EU wallets: certificates").`,
    );
  }
  return problems;
}

let developmentAnchors: Promise<X509Certificate[]> | undefined;

/**
 * The wallet providers' trust anchors the issuer checks attestations against: the configured ones,
 * or in development the development CA, which issues the development wallet provider's certificate.
 */
export function walletProviderTrustAnchors(config: Config): Promise<X509Certificate[]> {
  if (config.walletProviderAnchors) return Promise.resolve(config.walletProviderAnchors);
  developmentAnchors ??= developmentCaCertificate().then((pem) => [new X509Certificate(pem)]);
  return developmentAnchors;
}
