import type { FastifyRequest } from 'fastify';

/**
 * The path a request is for, as the router sees it. The router decodes the URL before matching
 * (`/%61pi/auth/logout` runs the `/api/auth/logout` route), so a check made on the raw
 * `request.url` could be dodged by percent-encoding a letter: the checks read the matched route's
 * path, or, when no route matched, the URL decoded the same way.
 */
export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

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
