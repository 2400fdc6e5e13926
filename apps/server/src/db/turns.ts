import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchedRoute } from '../shared/api-paths';
import { AppError } from '../shared/app-error';

/** How many requests may use the embedded database at once, and how long and how many may wait. */
export interface TurnLimits {
  concurrent: number;
  maxWaiting: number;
  maxWaitMs: number;
}

/** Gives the turn back; calling it again does nothing. */
export type Release = () => void;

/** A client told SERVICE_BUSY may try again this soon. */
export const RETRY_AFTER_SECONDS = 1;

interface Waiter {
  admit(release: Release): void;
  refuse(): void;
  timer: NodeJS.Timeout;
}

/**
 * PGlite answers one statement at a time, inside this process: fifty requests at once all wait on
 * each other, and unevenly, so some waited seconds (bench/README.md, "The embedded default under load"). Requests
 * take it in turns instead: `concurrent` at a time, the others in order of arrival; one that finds
 * `maxWaiting` ahead of it, or would wait longer than `maxWaitMs`, is refused before it has read or
 * written anything.
 */
export class Turns {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly limits: TurnLimits) {}

  /** A turn at once when one is free (no promise, no tick), else undefined. */
  tryTake(): Release | undefined {
    if (this.active >= this.limits.concurrent || this.waiting.length > 0) return undefined;
    this.active += 1;
    return this.releaser();
  }

  /** A turn, in order of arrival; rejects with SERVICE_BUSY when the queue is full or the wait too long. */
  take(): Promise<Release> {
    const now = this.tryTake();
    if (now) return Promise.resolve(now);
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(new AppError('SERVICE_BUSY'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        refuse: () => reject(new AppError('SERVICE_BUSY')),
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          waiter.refuse();
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Requests using the database now, and waiting for it. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        // On the next turn of the event loop, not now: PGlite's statements never wait for I/O, so a
        // hand-over within the microtask queue could run the whole queue's requests one after the
        // other without the loop reading a socket or firing a timer (the waits' time limits).
        setImmediate(() => next.admit(this.releaser()));
      } else this.active -= 1;
    };
  }
}

/**
 * Every API request takes a turn before anything of it runs (the session lookup included), and gives
 * it back once its answer is made (onSend: a slow download holds no turn) or its connection closes,
 * whichever comes first. A refused one is answered 503 SERVICE_BUSY with Retry-After. Pages and the
 * login's redirects take none: the login callback waits on TaxisNet (in development, the stand-in
 * in this same process, which would then wait for the callback's own turn).
 */
export function takeTurnsForRequests(app: FastifyInstance, turns: Turns): void {
  const held = new WeakMap<FastifyRequest, Release>();
  app.addHook('onRequest', (request, reply, done) => {
    if (!matchedRoute(request).api) return done();
    const now = turns.tryTake();
    if (now) {
      held.set(request, now);
      reply.raw.once('close', now);
      return done();
    }
    turns.take().then(
      (release) => {
        // Its person left while it waited: nothing to answer, and no 'close' event left to hear.
        if (request.raw.socket.destroyed) {
          release();
          return done(new AppError('SERVICE_BUSY'));
        }
        held.set(request, release);
        reply.raw.once('close', release);
        done();
      },
      (error: unknown) => {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        done(error as Error);
      },
    );
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    held.get(request)?.();
    done(null, payload);
  });
}
