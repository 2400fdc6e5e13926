import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import {
  MANIFEST_REBUILD_SECONDS,
  GATE_DEVICE_CREDENTIAL_MARGIN_HOURS,
  GATE_PAIRING_TOKEN_HOURS,
  STATS_LOOKUPS_PER_HOUR,
  SUSPENSION_LOOKUPS_PER_HOUR,
} from '@tickets/domain';
import { parseMultiHostUrl } from '../db/multi-host-url';
import { certificateList } from './certificates';
import { claimCodeKey, gateKeyList, issuerKeyList, verifierAccessKey } from './keys';

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
 * Where the metrics listener may bind: loopback, or a private address when Prometheus is on another
 * machine of the same network (README "Metrics and alerts"). The metrics tell the load and the
 * failures of the service; `0.0.0.0`, `::` or a public address would tell anyone (issue #54).
 */
const privateAddresses = new BlockList();
privateAddresses.addSubnet('127.0.0.0', 8, 'ipv4');
privateAddresses.addSubnet('10.0.0.0', 8, 'ipv4');
privateAddresses.addSubnet('172.16.0.0', 12, 'ipv4');
privateAddresses.addSubnet('192.168.0.0', 16, 'ipv4');
privateAddresses.addAddress('::1', 'ipv6');
privateAddresses.addSubnet('fc00::', 7, 'ipv6');

const isLoopbackOrPrivate = (host: string) => {
  const version = isIP(host);
  if (version === 0) return host === 'localhost';
  return privateAddresses.check(host, version === 4 ? 'ipv4' : 'ipv6');
};

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
  METRICS_HOST: z.string().min(1).default('127.0.0.1').refine(isLoopbackOrPrivate, {
    error:
      'must be localhost, a loopback or a private address (127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, ::1, fc00::/7): the metrics are not for the internet',
  }),
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
  // The signing key's certificate chain, PEM, leaf first, and the roots EU wallets trust it through
  // (docs/design.md §12); unset in development: the development CA's (development-pki.ts).
  CREDENTIAL_ISSUER_CERTIFICATES: certificateList.optional(),
  CREDENTIAL_ISSUER_TRUST_ANCHORS: certificateList.optional(),
  // The gate verifier's own key, its access certificate's chain (PEM, leaf first) and the roots it
  // leads to (docs/design.md §12); unset in development: the development CA's (keys.ts).
  VERIFIER_ACCESS_KEY: verifierAccessKey.optional(),
  VERIFIER_ACCESS_CERTIFICATES: certificateList.optional(),
  VERIFIER_ACCESS_TRUST_ANCHORS: certificateList.optional(),
  // The roots of the wallet providers whose wallet and key attestations the issuer trusts (docs/design.md
  // §12), PEM; unset in development: the development CA.
  WALLET_PROVIDER_TRUST_ANCHORS: certificateList.optional(),
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

export type Environment = z.infer<typeof environmentSchema>;

/** Every variable the schema reads: the README's Configuration table names each (documentation.test.ts). */
export const environmentVariables = Object.keys(environmentSchema.shape) as (keyof Environment)[];

/**
 * Every variable on its own (its default when unset), so that one bad value does not hide the next:
 * the values that parsed, and a line for each that did not.
 */
export function parseEnvironment(present: Record<string, string | undefined>) {
  const env: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, field] of Object.entries(environmentSchema.shape)) {
    const parsed = (field as z.ZodType).safeParse(present[name]);
    if (parsed.success) env[name] = parsed.data;
    else problems.push(...parsed.error.issues.map((issue) => `${name}: ${issue.message}`));
  }
  return { env: env as Partial<Environment>, problems };
}
