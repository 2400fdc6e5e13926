import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error';

/**
 * Tells the web app whether the wallet stand-in page (issue #14 item 6) may be used: only in the
 * development profile, like the TaxisNet stand-in; production answers 404 and the page refuses
 * itself. The route exists in every profile because the API contract is the same document in
 * each (api-contract.test.ts); only its answer differs. The page calls nothing but the real wallet
 * API, so this switch only keeps a development tool out of a citizen's sight.
 */
export async function walletStandInRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const available = app.config.profile === 'development';
  app.get(
    '/api/standin/wallet',
    {
      config: { access: 'public' },
      schema: {
        tags: ['wallet'],
        operationId: 'walletStandIn',
        summary:
          'Whether the wallet stand-in page may be used: 204 in the development profile, 404 in production',
        response: { 204: z.null().describe('The wallet stand-in is available') },
      },
    },
    async (_request, reply) => {
      if (!available) throw new AppError('NOT_FOUND');
      return reply.code(204).send(null);
    },
  );
}
