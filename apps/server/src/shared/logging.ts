import type { FastifyLoggerOptions } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@tickets/domain';
import { serializeError } from './safe-error-log';

const REQUEST_ID_SHAPE = /^[A-Za-z0-9-]{8,64}$/;
/** Query parameters whose values are personal data or credentials, masked in every log line. */
const SENSITIVE_QUERY = /([?&](?:login_hint|afm|amka|taxid|documentId|code|state)=)[^&#]*/gi;

/** Never log AFM, AMKA or document numbers in clear (docs/design.md §4): these paths are censored. */
const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...['afm', 'amka', 'taxid', 'documentId', 'companionAfm', 'login_hint'].flatMap((key) => [
    key,
    `*.${key}`,
    `*.*.${key}`,
  ]),
];

export const maskSensitiveQuery = (url: string): string => url.replace(SENSITIVE_QUERY, '$1[REDACTED]');

export function loggerOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[REDACTED]' },
    serializers: {
      // Every `err` logged, wherever: a failed query's values never reach the log.
      err: serializeError,
      req: (request: { method: string; url: string; headers: Record<string, unknown> }) => ({
        method: request.method,
        url: maskSensitiveQuery(request.url),
        userAgent: request.headers['user-agent'],
      }),
    },
  };
}

/** The client's X-Request-Id when it is a sane token, else a fresh one: it goes on every log line. */
export function requestIdFrom(request: IncomingMessage): string {
  const header = request.headers[REQUEST_ID_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID_SHAPE.test(value) ? value : randomUUID();
}

/**
 * Where log lines go: LOG_FILE when set (JSON lines), else standard output, as JSON lines in
 * production (the journal, log shippers) and as one readable line per entry in development
 * (pino-pretty, loaded only there). Redaction happens before either, in the logger itself.
 */
export async function logDestination(config: {
  profile: 'development' | 'production';
  logFile: string | undefined;
}): Promise<DestinationStream | undefined> {
  if (config.logFile) return pino.destination({ dest: config.logFile, sync: true, mkdir: true });
  if (config.profile === 'production') return undefined;
  return readableLines(process.stdout);
}

/** pino-pretty on a stream: one line per entry, the time, the level, the message, then the other fields. */
export async function readableLines(destination: NodeJS.WritableStream): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination,
    sync: true,
    colorize: 'isTTY' in destination && destination.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
}
