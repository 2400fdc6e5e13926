import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  walletAuthorizationDecisionSchema,
  walletAuthorizationRedirectSchema,
  walletAuthorizationRefSchema,
  walletAuthorizationSchema,
} from '@tickets/domain';
import { currentActor } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import type { EuWalletPorts } from '../ports';
import { decideWalletAuthorizationRequest, walletAuthorizationFor } from './authorization.service';

/**
 * The platform's own API behind the page an EU wallet opens in the authorization code flow
 * (docs/design.md §12, apps/web's wallet-authorize page): the signed-in person reads what the wallet
 * asks and which of their tickets it may take, and decides. Greek errors in the envelope, as the rest
 * of the site's API; the wallet-facing endpoints are in issuance.routes.ts.
 */
export async function walletAuthorizationRoutes(
  instance: FastifyInstance,
  ports: Pick<EuWalletPorts, 'walletTickets'>,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const userRoute = routeOptions('user', ['wallet']);

  // A POST, not a GET: the request's reference stays out of logs and histories of URLs.
  app.post(
    '/api/wallet/authorizations/lookup',
    userRoute({
      operationId: 'walletAuthorization',
      summary:
        'What an EU wallet’s pushed authorization request asks (the page it opened): the wallet, and the tickets the signed-in person carries that it may take',
      body: walletAuthorizationRefSchema,
      response: { 200: walletAuthorizationSchema },
    }),
    async (request) => walletAuthorizationFor(db, request.body, currentActor(request), ports),
  );

  app.post(
    '/api/wallet/authorizations/decision',
    userRoute(
      {
        operationId: 'decideWalletAuthorization',
        summary:
          'The person’s answer to an EU wallet’s request, once: this ticket (an authorization code for it), or none; where the browser goes back to the wallet',
        body: walletAuthorizationDecisionSchema,
        response: { 200: walletAuthorizationRedirectSchema },
      },
      { rateLimit: { max: 20, timeWindow: '1 minute' } },
    ),
    async (request) =>
      decideWalletAuthorizationRequest(db, request.body, currentActor(request), app.publicUrl(), ports),
  );
}
