import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { matchedRoute } from '../shared/api-paths';

/** helmet's default: a year, subdomains included. */
const HSTS_MAX_AGE_SECONDS = 365 * 86_400;
const HSTS = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

/**
 * The API answers JSON, never a page: the short header set OWASP's REST Security Cheat Sheet gives
 * for it (nothing to run, frame or cache; personal data must not stay in any cache), half of
 * helmet's eleven, which every answer would pay for (measured: bench/README.md). HSTS is added in
 * production.
 */
export const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
} as const;

/** The pages get helmet's headers; the API the short set an answer of JSON needs. */
export function setUpSecurityHeaders(app: FastifyInstance, config: Config): void {
  // helmet's headers, worked out once: @fastify/helmet rebuilds its middleware on every request
  // (measured: bench/README.md).
  const pageHeaders = helmet({
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
  const apiHeaders = {
    ...API_HEADERS,
    ...(config.profile === 'production' ? { 'strict-transport-security': HSTS } : {}),
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (matchedRoute(request).api) {
      reply.headers(apiHeaders);
      done();
    } else pageHeaders(request.raw, reply.raw, () => done());
  });
}
