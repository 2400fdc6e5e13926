import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routePath } from './api-paths';
import { redirectOtherLoopbackHosts } from './loopback-redirect';
import { notFoundEnvelope } from './http-errors';

/** Nothing here is for search engines: personal tickets, sign-in pages, the ticket office. */
const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/**
 * Paths that belong to the server, never to the SPA's history fallback: an EU wallet asking for
 * metadata the platform does not publish (`/.well-known/openid-configuration`) must get a 404, not a page.
 */
const SERVER_PATHS = /^\/(api|oauth2|oauth2server|login\/oauth2|healthz|readyz|\.well-known)(\/|$|\?)/;

/**
 * Serves the built SPA on the API's origin: hashed assets cached for a year and served
 * precompressed (.br/.gz written at build time), index.html never cached, and every client
 * route answered with index.html so that deep links and reloads work.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (app.config.profile === 'development') redirectOtherLoopbackHosts(app);
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(ROBOTS_TXT),
  );

  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Every asset file is its own route (wildcard: false), so unknown paths reach the handler below.
  } else {
    app.log.warn({ distDir }, 'the web app is not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !SERVER_PATHS.test(routePath(request));
    if (built && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundEnvelope());
  });
}
