import type { FastifyError, FastifyInstance } from 'fastify';
import { errorEnvelope } from '@tickets/domain';
import { toAnsweredError } from '../shared/http-errors';

/** The one error handler (docs/design.md §4): the spec's envelope, never a stack trace to the client. */
export function setUpErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAnsweredError(error, request, reply);
    return reply.status(appError.status).send(errorEnvelope(appError.code, appError.message));
  });
}
