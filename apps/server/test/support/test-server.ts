import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { seedDemoData } from '../../src/demo';
import { installBindingRule } from '../../src/rules/fixtures';
import { openNotifications, type Notifications } from '../../src/shared/notifications';
import { createPostgresDatabase, openMigratedCopy } from './migrated-copies';
import { personalDataInLogs } from './personal-data';

/**
 * The real server, listening on a loopback port, on a fresh database: PGlite in memory always,
 * and PostgreSQL when DATABASE_URL is set (a new database per test file, dropped afterwards); each
 * a copy of one migrated once per run (migrated-copies.ts).
 */
export type Engine = 'pglite' | 'postgres';

export const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** The outbox's delivery, to the development mailbox unless SMTP_URL was given. */
  notifications: Notifications;
  baseUrl: string;
  /** Every log line the server wrote, for assertions on what is (not) logged. */
  logs: string[];
  /** Fails, after closing everything, when a log line held an ΑΦΜ, ΑΜΚΑ or document number. */
  close(): Promise<void>;
}

/** Every server a test file starts is checked this way on close: a leak fails the file. */
async function closeCheckingLogs(
  app: FastifyInstance,
  database: Database,
  logs: string[],
  dropDatabase?: () => Promise<void>,
  notifications?: Notifications,
): Promise<void> {
  let leaks: string[] = [];
  try {
    await app.close();
    await notifications?.stop();
    leaks = await personalDataInLogs(logs, database.db);
  } finally {
    await database.close();
    await dropDatabase?.();
  }
  if (leaks.length > 0) throw new Error(`personal data in the server's log:\n  ${leaks.join('\n  ')}`);
}

function capturingLogs(): { logs: string[]; logStream: Writable } {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  return { logs, logStream };
}

export async function startTestServer(
  engine: Engine,
  environment: Record<string, string> = {},
): Promise<TestServer> {
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const config: Config = loadConfig({
    PROFILE: 'development',
    LOG_LEVEL: 'info',
    DATA_DIR: 'memory',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...environment,
  });
  const database = await openMigratedCopy(config.database);
  // As main.ts: the binding rule's function, before anything binds.
  await installBindingRule(database.db);
  const { logs, logStream } = capturingLogs();
  const app = await buildApp({ config, database, logStream });
  const notifications = await openNotifications(config, database, app.log);
  await seedDemoData(database.db, new Date(), config);
  await app.listen({ host: 'localhost', port: 0 });
  await notifications.startDelivery(() => app.publicUrl(), app.metrics);
  return {
    app,
    config,
    database,
    notifications,
    baseUrl: app.publicUrl(),
    logs,
    close: () => closeCheckingLogs(app, database, logs, postgres?.drop, notifications),
  };
}

/** A test server as a test sees it: `useTestServer` closes it. */
export type UsedTestServer = Omit<TestServer, 'close'>;

/**
 * The server of a test file, or of one `describe` block: started in `beforeAll` on a fresh database
 * (see `startTestServer`), closed in `afterAll` with the check of its log. Call it first in the block:
 * the block's own `beforeAll` hooks then run once it listens, and its `afterAll` hooks before it
 * closes (vitest runs `afterAll` hooks in reverse order). Its fields are there from `beforeAll` on.
 */
export function useTestServer(engine: Engine, environment: Record<string, string> = {}): UsedTestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(engine, environment);
  });
  afterAll(async () => {
    const server = started;
    started = undefined;
    await server?.close();
  });
  const current = (): TestServer => {
    if (!started) throw new Error('the test server starts in beforeAll: use it inside a hook or a test');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get database() {
      return current().database;
    },
    get notifications() {
      return current().notifications;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    get logs() {
      return current().logs;
    },
  };
}

/**
 * A second server on the same PostgreSQL database as `first`, with its own connections and caches,
 * as a second process behind a load balancer would be. Close it before `first`.
 */
export async function startSecondServer(
  first: UsedTestServer,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  if (first.config.database.kind !== 'postgres') throw new Error('a second server needs PostgreSQL');
  const database = await openDatabase(first.config.database);
  const { logs, logStream } = capturingLogs();
  const app = await buildApp({ config: first.config, database, logStream });
  await app.listen({ host: 'localhost', port: 0 });
  // Its mail goes to the first server's mailbox, as two processes share one mail server; it
  // delivers, whatever the first does (MAIL_DELIVERY).
  const mail = {
    ...first.config.mail,
    devMailbox: false,
    smtpUrl: first.notifications.mailbox?.url,
    delivery: true,
  };
  const config = { ...first.config, mail };
  const notifications = await openNotifications(config, database, app.log);
  await notifications.startDelivery(() => app.publicUrl(), app.metrics);
  return {
    baseUrl: app.publicUrl(),
    close: () => closeCheckingLogs(app, database, logs, undefined, notifications),
  };
}

/** Where production's app is reached and signs people in (PUBLIC_URL and TaxisNet's real address). */
export const PRODUCTION_SITE = {
  publicUrl: 'https://tickets.example.gov.gr',
  taxis: { standIn: false, baseUrl: 'https://oauth2.gsis.gr', clientId: 'c', clientSecret: 's' },
} satisfies Partial<Config>;

/**
 * The production profile's app on a test server's database, not listening, its log dropped: `base`
 * (a development configuration) with `profile: 'production'` and what `config` changes.
 */
export const buildProductionApp = (
  database: Database,
  config: Partial<Config> = {},
  base: Config = loadConfig({ DATA_DIR: 'memory' }),
): Promise<FastifyInstance> =>
  buildApp({
    config: { ...base, profile: 'production', ...config },
    database,
    logStream: { write: () => undefined },
  });
