import type { FastifyError, FastifyInstance } from 'fastify';
import { errorEnvelope } from '@tickets/domain';
import { toAppError } from '../shared/http-errors';

/** The one error handler (docs/design.md §4): the spec's envelope, never a stack trace to the client. */
export function setUpErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, 'request rejected');
    return reply.status(appError.status).send(errorEnvelope(appError.code, appError.message));
  });
}
