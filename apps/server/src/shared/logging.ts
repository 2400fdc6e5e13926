import type { FastifyBaseLogger, FastifyLoggerOptions } from 'fastify';
import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type LoggerOptions,
} from 'pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@tickets/domain';
import { serializeError } from './safe-error-log';

const REQUEST_ID_SHAPE = /^[A-Za-z0-9-]{8,64}$/;
/** A query parameter's name as routes and clients spell them; anything else may be data itself. */
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,63}$/;

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

/**
 * A request's URL as logged: its path and the names of its query's parameters, never their values.
 * A list of sensitive names missed the ones nobody foresaw (`?recipient=<ΑΦΜ>`, issue 40), so no value
 * is logged at all; a name that does not look like one (`?100000027`) is data, and is masked too.
 */
export function loggedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const path = url.slice(0, start);
  const names = new Set<string>();
  for (const entry of url.slice(start + 1).split('&')) {
    if (entry === '') continue;
    const raw = entry.split('=', 1)[0] ?? '';
    let name: string;
    try {
      name = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      name = raw;
    }
    names.add(PARAMETER_NAME.test(name) ? name : '[REDACTED]');
  }
  return names.size > 0 ? `${path}?${[...names].join('&')}` : path;
}

export function loggerOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[REDACTED]' },
    serializers: {
      // Every `err` logged, wherever: a failed query's values never reach the log.
      err: serializeError,
      req: (request: { method: string; url: string; headers: Record<string, unknown> }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        userAgent: request.headers['user-agent'],
      }),
    },
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ParentLogger = FastifyBaseLogger & Pick<pino.Logger, 'isLevelEnabled'>;

/**
 * Fastify's logger for one request (its request id on every line), made when the request first logs
 * at an enabled level rather than for every request: making a child runs the redaction over its
 * bindings, and at `warn` most requests log nothing (measured: bench/README.md). Every line is the child's, made with the same bindings.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  private logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private log(level: Level, args: unknown[]): void {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.logger()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a route with a level or serializers of its own gets its child at
 * once. Every line of a request carries the server's request id (`reqId`) and, when the client sent a
 * sane X-Request-Id, that as `correlationId`.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
  request?: IncomingMessage,
): FastifyBaseLogger {
  const correlationId = request ? correlationIdOf(request) : undefined;
  const all = correlationId ? { ...bindings, correlationId } : bindings;
  if (Object.keys(options).length > 0) return logger.child(all, options);
  return new RequestLogger(logger as ParentLogger, all) as unknown as FastifyBaseLogger;
}

/**
 * The request id: always the server's own, so that audit rows and log lines name one request each
 * (a client's id may be reused, by one page load's calls or by two clients alike).
 */
export const requestIdFrom = (): string => randomUUID();

/** The client's X-Request-Id when it is a sane token: logged beside the server's id, never instead. */
export function correlationIdOf(request: IncomingMessage): string | undefined {
  const header = request.headers[REQUEST_ID_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID_SHAPE.test(value) ? value : undefined;
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
