import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  oauthErrorAnswer,
  PRESENTATION_SENT_PATH,
  presentationRefusalDescriptions,
  presentationRequestUriPostSchema,
  presentationResponseSchema,
} from '@tickets/domain';
import { toAnsweredError } from '../../shared/http-errors';
import type { EuWalletPorts } from '../ports';
import { answerPresentation, presentationRequestObject } from './presentations.service';

/**
 * Each step of one request, in a minute (the database counts them), keyed by the request the wallet
 * holds, not by address: at a stadium thousands of phones share a mobile operator's address.
 */
const PER_MINUTE = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `presentation:${(request.params as { id: string }).id}`,
} as const;

/**
 * The wallet's side of the gate's OpenID4VP verifier (docs/design.md §12), called from the wallet's
 * own app (the `eu-wallet` access level: no cookie, no `Origin`): the signed request object at
 * `request_uri` and the `direct_post.jwt` response, answered with the page the fan is sent to. Errors are OAuth's, `{"error", "error_description"}`,
 * the description in ASCII English (RFC 6749 §5.2); the steward's screen says the refusal in Greek.
 */
export async function walletPresentationRoutes(
  instance: FastifyInstance,
  ports: EuWalletPorts,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['eu wallet'];
  const params = z.object({ id: z.uuid() });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAnsweredError(error, request, reply);
    return reply
      .status(appError.status)
      .header('cache-control', 'no-store')
      .send(oauthErrorAnswer(appError.code, appError.status, false));
  });

  // The response is a form (OpenID4VP 1.0 §8.2).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** The request object, by GET or, as the link's `request_uri_method=post` offers, by POST. */
  const sendRequestObject = async (id: string, reply: FastifyReply, walletNonce?: string) => {
    const jwt = await presentationRequestObject(db, id, {
      issuer: app.publicUrl(),
      access: app.config.verifierAccess,
      walletNonce,
    });
    return reply
      .header('content-type', 'application/oauth-authz-req+jwt')
      .header('cache-control', 'no-store')
      .send(jwt);
  };
  const requestObjectAnswer = { 200: z.string().describe('The request object, a signed JWT') };

  app.get(
    '/api/gate/presentation-requests/:id/request-object',
    {
      config: { access: 'eu-wallet', rateLimit: PER_MINUTE },
      schema: {
        tags,
        operationId: 'presentationRequestObject',
        summary:
          'The OpenID4VP request object at `request_uri` (`application/oauth-authz-req+jwt`, signed with the verifier’s access key, its certificate chain in `x5c`), while the request is open',
        params,
        response: requestObjectAnswer,
      },
    },
    async (request, reply) => sendRequestObject(request.params.id, reply),
  );

  app.post(
    '/api/gate/presentation-requests/:id/request-object',
    {
      config: { access: 'eu-wallet', rateLimit: PER_MINUTE },
      schema: {
        tags,
        operationId: 'presentationRequestObjectPost',
        summary:
          "The request object by POST (OpenID4VP 1.0 §5.10, `request_uri_method=post`): the wallet's form may carry its `wallet_metadata` and a `wallet_nonce`, which the signed request object then carries back",
        params,
        body: presentationRequestUriPostSchema,
        response: requestObjectAnswer,
      },
    },
    async (request, reply) => sendRequestObject(request.params.id, reply, request.body.wallet_nonce),
  );

  app.post(
    '/api/gate/presentation-requests/:id/response',
    {
      config: { access: 'eu-wallet', rateLimit: PER_MINUTE },
      schema: {
        tags,
        operationId: 'presentationResponse',
        summary:
          "The wallet's `direct_post.jwt` answer (a form whose `response` is a JWE to the request's key, holding `vp_token`): decrypted, verified, then decided as a scanned code is; the steward reads the decision. Only a verified presentation spends the request; a refused answer (400) is counted, and `PRESENTATION_ANSWERS` of them spend it",
        params,
        body: presentationResponseSchema,
        response: {
          200: z.object({
            redirect_uri: z
              .string()
              .describe(
                "The platform's page that tells the fan the gate has the answer (OpenID4VP 1.0 §8.2)",
              ),
          }),
          400: z.object({ error: z.string(), error_description: z.string() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await answerPresentation(db, request.params.id, request.body, {
        issuer: app.publicUrl(),
        access: app.config.verifierAccess,
        requestId: request.id,
        issuerKeys: app.config.issuerKeys.published,
        trustedKeys: app.config.gateKeys.trusted,
        ports,
      });
      if ('refusal' in answer) {
        return reply.status(400).send({
          error: 'invalid_request',
          error_description: presentationRefusalDescriptions[answer.refusal],
        });
      }
      // A decision like a scanned code's, counted as one (a refusal before it decided nothing).
      app.metrics.gateDecisions.inc({ reason: answer.admission.reason, club: answer.club });
      return { redirect_uri: `${app.publicUrl()}${PRESENTATION_SENT_PATH}` };
    },
  );
}
