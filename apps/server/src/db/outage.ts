import { setTimeout as sleep } from 'node:timers/promises';

/**
 * When the database cannot be reached (a restart, a failover, a cut network path) or cannot take a
 * request now (full, refusing connections, no host accepting writes), requests are
 * answered 503 SERVICE_UNAVAILABLE with Retry-After instead of 500, and the log says so once when it
 * goes and once when it comes back, never once per request.
 */

/** A client told SERVICE_UNAVAILABLE may try again this soon. */
export const UNREACHABLE_RETRY_AFTER_SECONDS = 2;
/** How often, while unreachable, the database is asked whether it is back. */
const PROBE_INTERVAL_MS = 500;

/** Socket errors of a connection that could not be made or broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server going away: shutting down, crashed, starting up (class 08: connection). */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
/**
 * SQLSTATEs of a server that is there but cannot take this now (issue #40): class 53, out of a
 * resource (53300: too many clients, 53100: disk full); 25006, a read-only session (the host became a
 * standby: a failover).
 */
const BUSY_CLASS = '53';
const BUSY_STATES = new Set(['25006']);
/**
 * 55000 (object not in prerequisite state) is an outage only when the server said it while a connection
 * was being made (`ALLOW_CONNECTIONS false`, a database being dropped or renamed); from a statement
 * it is the statement's fault, a 500.
 */
const REFUSED_WHILE_CONNECTING = new Set(['55000']);
/** What node-postgres says when a connection ends under it or cannot be had. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error (or one it wraps: the query builder wraps the driver's) says the database could not
 * be reached, as opposed to a statement it refused.
 */
export const isUnreachableError = (error: unknown): boolean => unreachableCause(error) !== undefined;

/**
 * The driver's own error that says so, if any: its code and message are what is logged (never the
 * wrapping error's, whose message carries the query's parameters).
 */
function unreachableCause(error: unknown): { code: string | null; reason: string } | undefined {
  let connecting = false;
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    // Set by db/primary.ts on what failed while a connection was being made (it wraps the driver's error).
    connecting ||= (current as { connecting?: unknown }).connecting === true;
    const text = typeof message === 'string' ? message : '';
    if (
      (typeof code === 'string' &&
        (NETWORK_CODES.has(code) ||
          SHUTDOWN_STATES.has(code) ||
          code.startsWith('08') ||
          code.startsWith(BUSY_CLASS) ||
          BUSY_STATES.has(code) ||
          (connecting && REFUSED_WHILE_CONNECTING.has(code)))) ||
      DRIVER_MESSAGES.some((known) => text.includes(known))
    )
      return { code: typeof code === 'string' ? code : null, reason: text.slice(0, 200) };
    current = cause;
  }
  return undefined;
}

interface OutageLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Whether the database is thought unreachable, with the two log lines of an outage. */
export class DatabaseOutage {
  private probing = false;
  private stopped = false;
  private since = 0;

  constructor(
    private readonly log: OutageLog,
    /** Answers whether the database answers a trivial query now. */
    private readonly isReachable: () => Promise<boolean>,
  ) {}

  get unreachable(): boolean {
    return this.probing;
  }

  /** An error a request or an idle connection met; logged (once per outage) if it says the database is gone. */
  notice(error: unknown): boolean {
    const cause = unreachableCause(error);
    if (!cause) return false;
    if (this.probing || this.stopped) return true;
    this.probing = true;
    this.since = Date.now();
    this.log.error(cause, 'the database is unreachable: requests are answered 503 until it is back');
    void this.probeUntilBack();
    return true;
  }

  stop(): void {
    this.stopped = true;
  }

  private async probeUntilBack(): Promise<void> {
    while (!this.stopped) {
      await sleep(PROBE_INTERVAL_MS, undefined, { ref: false });
      if (this.stopped) return;
      if (await this.isReachable()) {
        this.probing = false;
        // As visible as the line that said it went.
        this.log.warn({ unreachableForMs: Date.now() - this.since }, 'the database is reachable again');
        return;
      }
    }
  }
}
