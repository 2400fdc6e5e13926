import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  presentationRequestCreateSchema,
  presentationRequestSchema,
  presentationResultSchema,
} from '@tickets/domain';
import { currentDevice } from '../../shared/guards';
import { createPresentationRequest, PRESENTATION_PATHS, presentationResult } from './presentations.service';

/**
 * The steward's side of the gate's OpenID4VP verifier (docs/design.md §12): a device asks for a
 * request to show as a QR, then reads what the wallet's answer decided.
 */
export async function gatePresentationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['gate devices'];

  app.post(
    PRESENTATION_PATHS.requests,
    {
      config: { access: 'device' },
      schema: {
        tags,
        summary:
          'An OpenID4VP request for an EU wallet’s ticket at this event: its `openid4vp://` link for the QR (signed request object by reference, `direct_post.jwt` to a key of its own, a fresh nonce, a DCQL query for the ticket `vct`)',
        body: presentationRequestCreateSchema,
        response: { 200: presentationRequestSchema },
      },
    },
    async (request) =>
      createPresentationRequest(db, currentDevice(request), request.body.eventId, {
        issuer: app.publicUrl(),
        access: app.config.verifierAccess,
        requestId: request.id,
      }),
  );

  app.get(
    '/api/gate/presentation-requests/:id',
    {
      config: { access: 'device' },
      schema: {
        tags,
        summary:
          "What the wallet's answer to the device's request decided: the entry decision and the disclosed claims only (PENDING until it answers)",
        params: z.object({ id: z.uuid() }),
        response: { 200: presentationResultSchema },
      },
    },
    async (request) => presentationResult(db, currentDevice(request), request.params.id),
  );
}
