import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateGateKeyPair, issueWalletCredential, signPaperCode } from '@tickets/domain';
import { issuerKey, production, productionIssuerKey } from '../../test/support/production-environment';
import { ConfigError, loadConfig } from './index';
import { DEVELOPMENT_AUDIT_DIGEST_KEY, DEVELOPMENT_CLAIM_CODE_KEY, DEVELOPMENT_ISSUER_KEY } from './keys';

describe('configuration', () => {
  it('runs the embedded database, demo data and the TaxisNet stand-in by default', () => {
    const config = loadConfig({});
    expect(config.profile).toBe('development');
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('pglite');
    expect(config.demoData).toBe(true);
    expect(config.taxis.standIn).toBe(true);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
    });
  });

  it('reads libpq’s list of hosts, and refuses a target this platform cannot write through', () => {
    const primaryAndStandby = 'postgres://tickets@db1:5432,db2:5432/tickets?target_session_attrs=read-write';
    expect(loadConfig({ DATABASE_URL: primaryAndStandby }).database).toEqual({
      kind: 'postgres',
      url: primaryAndStandby,
    });
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://tickets@db1,db2/tickets?target_session_attrs=standby' }),
    ).toThrow(/DATABASE_URL.*read-write or primary/s);
  });

  it('refuses the stand-in in the production profile', () => {
    expect(() => loadConfig({ ...production, TAXIS_STANDIN: 'true' })).toThrow(
      /stand-in cannot run in the production/,
    );
    expect(() => loadConfig({ ...production, TAXIS_STANDIN: 'yes' })).toThrow(ConfigError);
    const { TAXIS_STANDIN: _omitted, ...implicit } = production;
    expect(loadConfig(implicit).taxis.standIn).toBe(false);
  });

  it('names what the production profile is missing', () => {
    const { TAXIS_CLIENT_SECRET: _secret, TAXIS_BASE_URL: _base, ...partial } = production;
    expect(() => loadConfig(partial)).toThrow(/TAXIS_BASE_URL, TAXIS_CLIENT_SECRET/);
  });

  it('refuses production without a TLS mail server, or with the development mailbox', () => {
    const { SMTP_URL: _smtp, ...withoutMail } = production;
    expect(() => loadConfig(withoutMail)).toThrow(/SMTP_URL/);
    const plain = { ...production, SMTP_URL: 'smtp://relay.example.gov.gr:25' };
    expect(() => loadConfig(plain)).toThrow(/smtps:\/\/ address \(TLS\)/);
    expect(loadConfig({ ...plain, SMTP_ALLOW_PLAINTEXT: 'true' }).mail.smtpUrl).toBe(plain.SMTP_URL);
    expect(() => loadConfig({ ...production, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
    expect(() => loadConfig({ ...production, NOTIFICATIONS: 'false' })).toThrow(/NOTIFICATIONS=false/);
    expect(loadConfig({ NOTIFICATIONS: 'false' }).mail.notifications).toBe(false);
    // A process that leaves delivery to others loses nothing (the outbox keeps the messages): allowed.
    expect(loadConfig({ ...production, MAIL_DELIVERY: 'false' }).mail.delivery).toBe(false);
    expect(loadConfig({}).mail.delivery).toBe(true);
    expect(loadConfig(production).mail).toMatchObject({
      devMailbox: false,
      from: '"Ψηφιακό εισιτήριο" <no-reply@tickets.example.gov.gr>',
    });
  });

  it('runs the development mailbox unless a mail server is given', () => {
    expect(loadConfig({}).mail).toMatchObject({ devMailbox: true, smtpUrl: undefined });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.devMailbox).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', DEV_MAILBOX: 'true' })).toThrow(
      /either SMTP_URL or DEV_MAILBOX/,
    );
  });

  it('refuses NODE_ENV=production without PROFILE=production, naming both', () => {
    // The conventional variable alone used to start the development profile: a stand-in that signs
    // anyone in, demo people and the development mailbox (issue 40, item 2).
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production.*PROFILE=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PROFILE: 'development' })).toThrow(ConfigError);
    expect(loadConfig({ ...production, NODE_ENV: 'production' }).profile).toBe('production');
    expect(loadConfig({ NODE_ENV: 'development' }).profile).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test' }).profile).toBe('development');
  });

  it('accepts a complete production configuration without demo data', () => {
    const config = loadConfig(production);
    expect(config.taxis).toMatchObject({ standIn: false, baseUrl: 'https://oauth2.gsis.gr' });
    expect(config.demoData).toBe(false);
  });

  it('refuses demo data and plain-HTTP addresses in the production profile, naming the variable', () => {
    expect(() => loadConfig({ ...production, DEMO_DATA: 'true' })).toThrow(/DEMO_DATA/);
    // Cookies without Secure, and TaxisNet's codes and tokens in clear.
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://tickets.example.gov.gr' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(() => loadConfig({ ...production, TAXIS_BASE_URL: 'http://oauth2.gsis.gr' })).toThrow(
      /TAXIS_BASE_URL/,
    );
    expect(() => loadConfig({ ...production, TAXIS_BASE_URL: 'HTTP://oauth2.gsis.gr' })).toThrow(ConfigError);
    expect(loadConfig({ ...production, DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('listens only on this machine in the development profile', () => {
    for (const host of ['localhost', '127.0.0.1', '::1']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    expect(loadConfig({}).host).toBe('localhost');
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'tickets.example.gov.gr']) {
      expect(() => loadConfig({ HOST: host })).toThrow(/HOST/);
      expect(() => loadConfig({ PROFILE: 'development', HOST: host })).toThrow(ConfigError);
    }
    expect(loadConfig({ ...production, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('lets an unpaired gate device pair for GATE_PAIRING_TOKEN_HOURS: 24 by default, 1 to 168', () => {
    expect(loadConfig({}).gatePairingTokenHours).toBe(24);
    expect(loadConfig({ GATE_PAIRING_TOKEN_HOURS: '2' }).gatePairingTokenHours).toBe(2);
    for (const bad of ['0', '169', '1.5', 'a day'])
      expect(() => loadConfig({ GATE_PAIRING_TOKEN_HOURS: bad })).toThrow(/GATE_PAIRING_TOKEN_HOURS/);
  });

  it('answers the balancer on a listener of its own only when HEALTH_PORT is set, where the process listens unless HEALTH_HOST says otherwise, never on PORT', () => {
    expect(loadConfig({}).health).toBeUndefined();
    expect(loadConfig({ ...production, HOST: '10.0.0.7', HEALTH_PORT: '9101' }).health).toEqual({
      host: '10.0.0.7',
      port: 9101,
    });
    expect(loadConfig({ HEALTH_PORT: '9101', HEALTH_HOST: '127.0.0.1' }).health).toEqual({
      host: '127.0.0.1',
      port: 9101,
    });
    expect(() => loadConfig({ PORT: '8080', HEALTH_PORT: '8080' })).toThrow(
      /HEALTH_PORT must differ from PORT/,
    );
    expect(() => loadConfig({ HEALTH_PORT: 'x' })).toThrow(/HEALTH_PORT/);
  });

  it('serves metrics only when METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise, never on PORT', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 9464,
    });
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });

  it('binds the metrics only to loopback or a private address, never to every interface or a public one', () => {
    for (const host of [
      'localhost',
      '127.0.0.2',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.10',
      '::1',
      'fd12:3456::7',
    ]) {
      expect(loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: host }).metrics?.host).toBe(
        host,
      );
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '172.32.0.1',
      '192.169.0.1',
      '8.8.8.8',
      '2001:db8::1',
      'metrics.example.gr',
    ]) {
      expect(() => loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: host }), host).toThrow(
        /METRICS_HOST: must be localhost, a loopback or a private address/,
      );
    }
  });

  it('explains a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres:\/\//);
  });

  it('keeps personal data 183 days after an event unless RETENTION_DAYS says otherwise, within bounds', () => {
    expect(loadConfig({}).retentionDays).toBe(183);
    expect(loadConfig({ RETENTION_DAYS: '365' }).retentionDays).toBe(365);
    expect(() => loadConfig({ RETENTION_DAYS: '7' })).toThrow(/RETENTION_DAYS: must be at least 30 days/);
    expect(() => loadConfig({ RETENTION_DAYS: '99999' })).toThrow(
      /RETENTION_DAYS: must be at most 3650 days/,
    );
    expect(() => loadConfig({ RETENTION_DAYS: 'half a year' })).toThrow(
      /RETENTION_DAYS: must be a whole number of days/,
    );
    expect(() => loadConfig({ RETENTION_DAYS: '90.5' })).toThrow(/RETENTION_DAYS: must be a whole number/);
  });

  it('trusts no proxy unless TRUSTED_PROXIES lists its addresses or ranges', () => {
    expect(loadConfig(production).trustedProxies).toEqual([]);
    expect(
      loadConfig({ ...production, TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,2001:db8::/32' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '2001:db8::/32']);
    // A hop count would believe a client that connects directly and forges X-Forwarded-For.
    for (const bad of ['2', 'proxy.example.gr', '10.0.0.0/33', '127.0.0.1/8/1']) {
      expect(() => loadConfig({ ...production, TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('drains 5 s on SIGTERM in production, for the balancer’s health check, and not at all in development', () => {
    expect(loadConfig(production).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({}).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainSeconds).toBe(12);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '61' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  it('refuses a range that would trust every address, with a message', () => {
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.1, 0.0.0.0/0']) {
      expect(() => loadConfig({ ...production, TRUSTED_PROXIES: everyone })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, TRUSTED_PROXIES: everyone })).toThrow(
        /TRUSTED_PROXIES: .*every address/,
      );
    }
  });

  it('lists every bad setting at once', () => {
    const error = (() => {
      try {
        loadConfig({
          ...production,
          PUBLIC_URL: 'http://tickets.example.gov.gr',
          DATABASE_URL: undefined,
          RATE_LIMITS: 'false',
          DEMO_DATA: 'true',
          PORT: 'eighty',
          RETENTION_DAYS: '1',
          TRUSTED_PROXIES: '0.0.0.0/0',
        });
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    for (const named of [
      'PORT',
      'RETENTION_DAYS',
      'TRUSTED_PROXIES',
      'RATE_LIMITS',
      'DEMO_DATA',
      'DATABASE_URL',
      'PUBLIC_URL',
    ])
      expect(error?.message).toContain(named);
  });

  it('signs gate codes with the first of GATE_SIGNING_KEYS and trusts them all; refuses a bad list and the development key in production', () => {
    const [newer, older] = [generateGateKeyPair(), generateGateKeyPair()];
    const config = loadConfig({
      ...production,
      GATE_SIGNING_KEYS: `2:${newer.secretKey}, 1:${older.secretKey}`,
    });
    expect(config.gateKeys.signer).toMatchObject({ keyId: 2, secretKey: newer.secretKey });
    expect(config.gateKeys.trusted).toEqual([
      { keyId: 2, publicKey: newer.publicKey },
      { keyId: 1, publicKey: older.publicKey },
    ]);
    for (const bad of ['2', `x:${newer.secretKey}`, '1:short', `1:${newer.secretKey},1:${older.secretKey}`]) {
      expect(() => loadConfig({ ...production, GATE_SIGNING_KEYS: bad })).toThrow(/GATE_SIGNING_KEYS/);
    }
    const { GATE_SIGNING_KEYS: _keys, ...withoutKeys } = production;
    expect(() => loadConfig(withoutKeys)).toThrow(/GATE_SIGNING_KEYS/);
    const development = loadConfig({});
    expect(() =>
      loadConfig({
        ...production,
        GATE_SIGNING_KEYS: `${development.gateKeys.signer.keyId}:${development.gateKeys.signer.secretKey}`,
      }),
    ).toThrow(/development key/);
  });

  it('signs EU wallet tickets with the first of CREDENTIAL_ISSUER_KEYS and publishes them all; refuses a bad list, none and the development key in production', () => {
    const config = loadConfig({
      ...production,
      CREDENTIAL_ISSUER_KEYS: `new:${productionIssuerKey},old:${issuerKey()}`,
    });
    expect(config.issuerKeys.signer.kid).toBe('new');
    expect(config.issuerKeys.published.map((key) => [key.kid, key.kty, key.crv, key.alg])).toEqual([
      ['new', 'EC', 'P-256', 'ES256'],
      ['old', 'EC', 'P-256', 'ES256'],
    ]);
    // The public half only.
    expect(JSON.stringify(config.issuerKeys.published)).not.toMatch(/"d"/);
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });
    for (const bad of [
      'nokey',
      'k:short',
      `k:${ed25519.toString('base64url')}`,
      `k:${issuerKey()},k:${issuerKey()}`,
    ]) {
      expect(() => loadConfig({ ...production, CREDENTIAL_ISSUER_KEYS: bad })).toThrow(
        /CREDENTIAL_ISSUER_KEYS/,
      );
    }
    const { CREDENTIAL_ISSUER_KEYS: _keys, ...withoutKeys } = production;
    expect(() => loadConfig(withoutKeys)).toThrow(/CREDENTIAL_ISSUER_KEYS/);
    expect(loadConfig({}).issuerKeys.signer.kid).toBe(DEVELOPMENT_ISSUER_KEY.kid);
    // Under any kid, the development key is the development key.
    expect(() =>
      loadConfig({ ...production, CREDENTIAL_ISSUER_KEYS: `renamed:${DEVELOPMENT_ISSUER_KEY.pkcs8}` }),
    ).toThrow(/CREDENTIAL_ISSUER_KEYS holds the development key/);
  });

  it('derives claim codes with CLAIM_CODE_KEY: a development default, required and never the development one in production', () => {
    expect(loadConfig({}).claimCodeKey).toBe(DEVELOPMENT_CLAIM_CODE_KEY);
    expect(loadConfig(production).claimCodeKey).toBe(production.CLAIM_CODE_KEY);
    const { CLAIM_CODE_KEY: _key, ...withoutKey } = production;
    expect(() => loadConfig(withoutKey)).toThrow(/CLAIM_CODE_KEY/);
    expect(() => loadConfig({ ...production, CLAIM_CODE_KEY: DEVELOPMENT_CLAIM_CODE_KEY })).toThrow(
      /CLAIM_CODE_KEY is the development key/,
    );
    expect(() => loadConfig({ ...production, CLAIM_CODE_KEY: 'too-short' })).toThrow(/CLAIM_CODE_KEY/);
  });

  it('keys the audit digests with AUDIT_DIGEST_KEY: a development default, required and never the development one in production', () => {
    expect(loadConfig({}).auditDigestKey).toBe(DEVELOPMENT_AUDIT_DIGEST_KEY);
    expect(loadConfig(production).auditDigestKey).toBe(production.AUDIT_DIGEST_KEY);
    const { AUDIT_DIGEST_KEY: _key, ...withoutKey } = production;
    expect(() => loadConfig(withoutKey)).toThrow(/AUDIT_DIGEST_KEY/);
    expect(() => loadConfig({ ...production, AUDIT_DIGEST_KEY: DEVELOPMENT_AUDIT_DIGEST_KEY })).toThrow(
      /AUDIT_DIGEST_KEY is the development key/,
    );
    expect(() => loadConfig({ ...production, AUDIT_DIGEST_KEY: 'too-short' })).toThrow(/AUDIT_DIGEST_KEY/);
  });

  it('signs with Node’s own Ed25519 the very bytes of the JavaScript reference', () => {
    const { signer } = loadConfig({ ...production }).gateKeys;
    expect(signer.sign).toBeTypeOf('function');
    const reference = { keyId: signer.keyId, secretKey: signer.secretKey };
    const paper = { ticketCode: '301000000001', scopeEventId: 7, serial: 3 };
    expect(signPaperCode(paper, signer)).toBe(signPaperCode(paper, reference));
    const credential = {
      ticketCode: '301000000001',
      scopeEventId: 7,
      credentialId: 11,
      issuedAt: new Date('2026-11-24T18:00:00Z'),
      devicePublicKey: generateGateKeyPair().publicKey,
    };
    expect(issueWalletCredential(credential, signer)).toBe(issueWalletCredential(credential, reference));
  });
});
