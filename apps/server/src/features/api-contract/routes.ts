import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document (document.ts), in every profile: public, it holds no personal data. Built
 * once when the server is ready, since the routes cannot change after that.
 */
export async function apiContractRoutes(app: FastifyInstance): Promise<void> {
  let document = '';
  app.addHook('onReady', async () => {
    document = JSON.stringify(app.swagger());
  });

  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(document),
  );
}
