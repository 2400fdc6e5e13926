import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalogue, errorEnvelope, isSchemaMessage, type ErrorCode } from '@tickets/domain';
import { isUnreachableError, UNREACHABLE_RETRY_AFTER_SECONDS } from '../db/outage';
import { AppError } from './app-error';

/** Fastify's own error codes for bad requests, mapped to ours: never a 500 for bad input. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

/** Any error thrown while answering, as the coded error the client is told about. */
export function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  // The database is away (restarting, failing over): a moment's wait, not a failure of the service.
  if (isUnreachableError(error)) return new AppError('SERVICE_UNAVAILABLE');
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first message our schemas wrote for the person; the library's own fall back to the catalogue's.
    const message = error.validation.find((issue) => isSchemaMessage(issue.message))?.message;
    return message ? new AppError('VALIDATION_ERROR', message) : new AppError('VALIDATION_ERROR');
  }
  const mapped = error.code ? fastifyCodes[error.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (error.statusCode === 429) return new AppError('RATE_LIMITED');
  if (error instanceof SyntaxError) return new AppError('MALFORMED_JSON');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('VALIDATION_ERROR');
  }
  return new AppError('INTERNAL_ERROR');
}

/**
 * What every error handler does before it answers, whatever the answer's shape: the coded error, a
 * Retry-After on a 503 or where the error names one, and one log line — none per request while the database is unreachable (the
 * outage is logged once, `app.databaseOutage`).
 */
export function toAnsweredError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): AppError {
  const appError = toAppError(error);
  if (appError.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(appError.retryAfterSeconds));
  if (appError.status === 503 && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(UNREACHABLE_RETRY_AFTER_SECONDS));
  // The database away: logged once by the outage (`notice`), not per request; /readyz's own 503 too.
  if (request.server.databaseOutage?.notice(error) || appError.code === 'SERVICE_UNAVAILABLE')
    request.log.debug({ code: appError.code }, 'database unreachable');
  else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: appError.code }, 'request rejected');
  return appError;
}

export const notFoundEnvelope = () => errorEnvelope('NOT_FOUND', errorCatalogue.NOT_FOUND.description);

/**
 * A request Node's HTTP parser refused before Fastify saw it (a URL or headers over the size
 * limit, broken HTTP, a request that timed out): the same Greek envelope, then the connection closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'MALFORMED_REQUEST';
  const { status, description } = errorCatalogue[code];
  const body = JSON.stringify(errorEnvelope(code, description));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
