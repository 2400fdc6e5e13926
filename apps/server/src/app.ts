import fastify, { type FastifyInstance, type FastifySerializerCompiler } from 'fastify';
import helmet from 'helmet';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { openApiOptions } from './features/api-contract/document';
import { apiContractRoutes } from './features/api-contract/routes';
import { authRoutes } from './features/auth/routes';
import { companionRoutes } from './features/companions/routes';
import { gateRoutes } from './features/gate/routes';
import { healthRoutes } from './features/health/routes';
import { providerRoutes } from './features/providers/routes';
import { statsRoutes } from './features/stats/routes';
import { suspensionRoutes } from './features/suspensions/routes';
import { taxisStandInRoutes } from './features/taxis-standin/routes';
import { ticketOfficeRoutes } from './features/ticket-office/routes';
import { transferRuleRoutes } from './features/transfer-rules/routes';
import { walletStandInRoutes } from './features/wallet/stand-in';
import { walletRoutes } from './features/wallet/routes';
import { auditWriter, type AuditEntry } from './shared/audit';
import { isApiPath, routePath } from './shared/api-paths';
import { answerClientError, registerErrorHandling } from './shared/http-errors';
import { loggerOptions, requestIdFrom, requestLogger } from './shared/logging';
import { enforceAccess, type Access } from './shared/guards';
import { limitNamingPerPerson } from './shared/naming-limit';
import { rateLimitStoreOn } from './shared/rate-limit-store';
import { assertSameOriginJson } from './shared/same-origin';
import {
  keptSessionUser,
  readSessionUser,
  sessionCookieName,
  SessionCache,
  type SessionUser,
} from './shared/sessions';
import { registerWebApp } from './shared/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Sessions read recently, kept while the database announces every change to them. */
    sessions: SessionCache;
    /** The audit row of a request that writes nothing else, committed with its neighbours'. */
    audit: (entry: AuditEntry) => Promise<void>;
    /** The origin people reach the service at (configured, or the listening address in development). */
    publicUrl(): string;
    /** Every /api route with who may call it (the authorization matrix test walks it). */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    user: SessionUser | undefined;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

/** Request bodies are small JSON documents; anything larger is refused (docs/design.md §4). */
const BODY_LIMIT_BYTES = 64 * 1024;
/** helmet's default: a year, subdomains included. */
const HSTS_MAX_AGE_SECONDS = 365 * 86_400;
const HSTS = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where log lines go (standard output unless a test captures them). */
  logStream?: DestinationStream;
}

export async function buildApp({ config, database, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    childLoggerFactory: requestLogger,
    genReqId: requestIdFrom,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeResponse);

  app.decorate('config', config);
  app.decorate('routeTable', [] as RouteEntry[]);
  const { db } = database;
  app.decorate('db', db);
  const sessionCache = new SessionCache();
  const stopListening = await database.listen(SessionCache.CHANNEL, sessionCache);
  app.addHook('onClose', stopListening);
  app.decorate('sessions', sessionCache);
  app.decorate('audit', auditWriter(db));
  // Asked on every state-changing request: worked out once (after listening, in development).
  let publicUrl = config.publicUrl;
  app.decorate('publicUrl', () => (publicUrl ??= listeningOrigin(app)));
  app.decorateRequest('user', undefined);

  // External plugins first, then the app's cross-cutting hooks, then the routes (fastify/demo order).
  // helmet's headers, worked out once: @fastify/helmet rebuilds its middleware on every request
  // (measured: bench/README.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.profile === 'production' ? [] : null,
      },
    },
    hsts: config.profile === 'production' && { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // The API answers JSON, never a page: the short header set OWASP's REST Security Cheat Sheet gives
  // for it (nothing to run, frame or cache; personal data must not stay in any cache), half of
  // helmet's eleven, which every answer would pay for (measured: bench/README.md).
  const apiHeaders = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    ...(config.profile === 'production' ? { 'strict-transport-security': HSTS } : {}),
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(routePath(request))) {
      reply.headers(apiHeaders);
      done();
    } else securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    allowList: () => !config.rateLimits,
    store: rateLimitStoreOn(db),
  });
  limitNamingPerPerson(app);
  // The OpenAPI document in every profile (/api/openapi.json); its browsable page only in development.
  await app.register(swagger, openApiOptions(config));
  if (config.profile === 'development') await app.register(swaggerUi, { routePrefix: '/api/docs' });

  acceptEmptyJsonBodies(app);
  registerErrorHandling(app);

  // Every /api route must say who may call it: a route that does not is a start-up error.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (isApiPath(route.url) && !access) {
      throw new Error(`${route.method} ${route.url} declares no config.access`);
    }
    if (route.url.startsWith('/api/') && access) {
      for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access });
    }
  });
  // The hooks every request runs take a callback rather than return a promise: a kept session
  // then costs no promise and no turn of the microtask queue (measured: bench/README.md).
  app.addHook('preValidation', (request, _reply, done) => {
    enforceAccess(request);
    done();
  });

  const sessionCookie = sessionCookieName(config.profile);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!routePath(request).startsWith('/api/')) return done();
    // Providers and gate devices authenticate with a bearer token, not a cookie: no cross-site
    // request can borrow it (a turnstile's software sends no Origin).
    const access = request.routeOptions.config.access;
    if (access === 'provider' || access === 'device') return done();
    assertSameOriginJson(request, app.publicUrl());
    const token = request.cookies[sessionCookie];
    if (!token) return done();
    const kept = keptSessionUser(token, config.session, sessionCache);
    if (kept) {
      request.user = kept;
      return done();
    }
    readSessionUser(db, token, config.session, sessionCache).then((user) => {
      request.user = user;
      done();
    }, done);
  });

  await app.register(healthRoutes);
  await app.register(apiContractRoutes);
  await app.register(authRoutes);
  await app.register(companionRoutes);
  await app.register(walletRoutes);
  await app.register(walletStandInRoutes);
  await app.register(ticketOfficeRoutes);
  await app.register(statsRoutes);
  await app.register(providerRoutes);
  await app.register(gateRoutes);
  await app.register(transferRuleRoutes);
  await app.register(suspensionRoutes);
  if (config.taxis.standIn) await app.register(taxisStandInRoutes, { prefix: '/oauth2server' });
  await registerWebApp(app, config.webDistDir);
  return app;
}

/**
 * A response is checked against its schema and loses any field the schema does not list, as with
 * fastify-type-provider-zod's serializer, but through `safeParse`: its `safeEncode` takes zod's
 * slow generic path, on every answer (measured: bench/README.md).
 * The two differ only on transforms, and a response schema has none (encoding one would throw).
 */
const serializeResponse: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType))
    throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/**
 * The spec's client sends `Content-Type: application/json` on every call, bodiless ones
 * (logout) included: an empty body is no body, anything else must be valid JSON.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    // Fastify's default parser is the callback kind: it answers through `done` and returns nothing.
    void parseJson(request, text, done);
  });
}

function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string')
    throw new Error('the server is not listening yet and PUBLIC_URL is not set');
  return `http://localhost:${address.port}`;
}
