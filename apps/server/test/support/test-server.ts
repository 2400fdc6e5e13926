import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { seedDemoData } from '../../src/demo/seed';

/**
 * The real server, listening on a loopback port, on a fresh database: PGlite in memory always,
 * and PostgreSQL when DATABASE_URL is set (a new database per test file, dropped afterwards).
 */
export type Engine = 'pglite' | 'postgres';

export const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  baseUrl: string;
  /** Every log line the server wrote, for assertions on what is (not) logged. */
  logs: string[];
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `tickets_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
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
  const database = await openDatabase(config.database);
  await seedDemoData(database.db);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, database, logStream });
  await app.listen({ host: 'localhost', port: 0 });
  return {
    app,
    config,
    database,
    baseUrl: app.publicUrl(),
    logs,
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

/**
 * A second server on the same PostgreSQL database as `first`, with its own connections and caches,
 * as a second process behind a load balancer would be. Close it before `first`.
 */
export async function startSecondServer(
  first: TestServer,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  if (first.config.database.kind !== 'postgres') throw new Error('a second server needs PostgreSQL');
  const database = await openDatabase(first.config.database);
  const app = await buildApp({
    config: first.config,
    database,
    logStream: new Writable({ write: (_c, _e, done) => done() }),
  });
  await app.listen({ host: 'localhost', port: 0 });
  return {
    baseUrl: app.publicUrl(),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
