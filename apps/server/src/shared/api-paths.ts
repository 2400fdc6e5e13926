import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route the request matched, once read (`matchedRoute`). */
    matched: MatchedRoute | undefined;
  }
}

export interface MatchedRoute {
  /** The route's path, or, when no route matched, the request's decoded (`routePath`). */
  path: string;
  /** Whether that path is the JSON API's (`isApiPath`): the hooks of API calls ask it of every request. */
  api: boolean;
  /** The route's `config` (`access`, …). */
  config: FastifyRequest['routeOptions']['config'];
}

/**
 * Declared up front, as every request's own fields are (plugins/access.ts): each request object keeps
 * one shape.
 */
export const decorateMatchedRoute = (app: FastifyInstance) => app.decorateRequest('matched', undefined);

/**
 * The route a request matched, worked out once a request: Fastify's `request.routeOptions` builds a
 * new object of twelve fields at every reading, and a session check's hooks ask for it nine times
 * (its CPU: bench/README.md, "The access step, before and after").
 */
export function matchedRoute(request: FastifyRequest): MatchedRoute {
  if (request.matched) return request.matched;
  const { url, config } = request.routeOptions;
  const path = url ?? decodedPath(request.url);
  request.matched = { path, api: isApiPath(path), config };
  return request.matched;
}

/**
 * The path a request is for, as the router sees it. The router decodes the URL before matching
 * (`/%61pi/auth/logout` runs the `/api/auth/logout` route), so a check made on the raw
 * `request.url` could be dodged by percent-encoding a letter: the checks read the matched route's
 * path, or, when no route matched, the URL decoded the same way.
 */
export const routePath = (request: FastifyRequest): string => matchedRoute(request).path;

/** The JSON API's paths; its browsable documentation is a page, not the API. */
export const isApiPath = (path: string): boolean => path.startsWith('/api/') && !path.startsWith('/api/docs');

function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? url;
  try {
    return decodeURI(path);
  } catch {
    // Not valid percent-encoding: no route matches it either, so the raw path is what there is.
    return path;
  }
}
