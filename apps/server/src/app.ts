import fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { takeTurnsForRequests } from './db/turns';
import { deviceAccess } from './features/gate/devices/device-access';
import { providerAccess } from './features/providers/access';
import { issuanceAccess } from './eu-wallet';
import { setUpAccess } from './plugins/access';
import { setUpDatabaseOutage } from './plugins/database-outage';
import { setUpDocs } from './plugins/docs';
import { setUpDrain } from './plugins/drain';
import { setUpErrorHandling } from './plugins/error-handling';
import { setUpJson } from './plugins/json';
import { setUpMetrics } from './plugins/metrics';
import { setUpRateLimits } from './plugins/rate-limits';
import { setUpRoutes } from './plugins/routes';
import { setUpSameOrigin } from './plugins/same-origin';
import { setUpSecurityHeaders } from './plugins/security-headers';
import { setUpSessions } from './plugins/sessions';
import { decorateMatchedRoute } from './shared/api-paths';
import { answerClientError } from './shared/http-errors';
import { loggerOptions, requestIdFrom, requestLogger } from './shared/logging';

export type { RouteEntry } from './plugins/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The origin people reach the service at (configured, or the listening address in development). */
    publicUrl(): string;
  }
}

/** Request bodies are small JSON documents; anything larger is refused (docs/design.md §4). */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where log lines go (standard output unless a test captures them). */
  logStream?: DestinationStream;
}

/**
 * The server, step by step, each step a file in `plugins/`: outside plugins first, then the app's
 * cross-cutting hooks, then the routes (fastify/demo's order). A request meets the security headers,
 * the origin check and its session in that order, then the access check.
 */
export async function buildApp({ config, database, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = createServer(config, logStream);
  decorateMatchedRoute(app);
  app.decorate('config', config);
  app.decorate('db', database.db);
  // Asked on every state-changing request: worked out once (after listening, in development).
  let publicUrl = config.publicUrl;
  app.decorate('publicUrl', () => (publicUrl ??= listeningOrigin(app)));

  setUpMetrics(app, config, database);
  setUpJson(app);
  setUpDrain(app);
  setUpSecurityHeaders(app, config);
  // The embedded database runs one statement at a time: requests take turns, before the session lookup.
  if (database.turns) takeTurnsForRequests(app, database.turns);
  await setUpRateLimits(app, config, database.db);
  await setUpDocs(app, config);
  setUpDatabaseOutage(app, database);
  setUpErrorHandling(app);
  setUpAccess(app, {
    device: deviceAccess(app),
    provider: providerAccess(app),
    'eu-wallet': issuanceAccess(app),
  });
  setUpSameOrigin(app);
  await setUpSessions(app, config, database);
  await setUpRoutes(app, config);
  return app;
}

function createServer(config: Config, logStream: DestinationStream | undefined): FastifyInstance {
  return fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    childLoggerFactory: requestLogger,
    genReqId: requestIdFrom,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    clientErrorHandler: answerClientError,
  });
}

function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string')
    throw new Error('the server is not listening yet and PUBLIC_URL is not set');
  return `http://localhost:${address.port}`;
}
