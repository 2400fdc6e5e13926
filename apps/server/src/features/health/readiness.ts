import { setTimeout as delay } from 'node:timers/promises';
/** How often, at most, readiness asks the database itself (`select 1`). */
export const READINESS_PROBE_INTERVAL_MS = 1000;
/**
 * A result older than this was not kept fresh by checks (none came since): the next check waits for
 * the database's answer, as a lone check on a quiet process may.
 */
const STALE_MS = 2000;
/**
 * A probe unanswered this long: the database is not answering, busy pool or not (the pool itself gives
 * up on a connection after 5 s, db/primary.ts, and the outage tracker then says so).
 */
const PATIENCE_MS = 5000;

/**
 * How long a check waits for the probe it starts before answering from the last result: a database
 * that refuses connections (down, restarting) is told within it, so the first check after an outage
 * begins already says so; one that is slow, or a probe queued behind a busy pool, is not waited for.
 */
const PROBE_WAIT_MS = 50;

/**
 * Whether the database answers, as `/readyz` tells the balancer (features/health/routes.ts), without a
 * check ever waiting behind the pool's queue: each check answers from the last probe's result and, at
 * most once a second, starts the next probe, waiting for it PROBE_WAIT_MS at most. Only a check finding
 * no recent result and no probe under way (no check for a while) waits for the probe it starts.
 */
export class DatabaseReadiness {
  private startedAt = Number.NEGATIVE_INFINITY;
  private settledAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | undefined;
  private failed = false;

  constructor(
    /** A trivial query on the pool; rejects when the database does not answer it. */
    private readonly probe: () => Promise<unknown>,
    /** Told what a failed probe met (the outage tracker: plugins/database-outage.ts). */
    private readonly onFailure: (error: unknown) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Whether the database answered the last probe, and none has waited for long. A failed probe is
   * answered false until one succeeds (the next check, a second later, starts it).
   */
  async answering(): Promise<boolean> {
    const now = this.now();
    if (!this.pending && now - this.startedAt >= READINESS_PROBE_INTERVAL_MS) {
      const started = this.start(now);
      await (now - this.settledAt > STALE_MS ? started : Promise.race([started, delay(PROBE_WAIT_MS)]));
      return !this.failed;
    }
    if (this.pending && now - this.startedAt > PATIENCE_MS) return false;
    return !this.failed;
  }

  private start(now: number): Promise<void> {
    this.startedAt = now;
    const pending = this.probe().then(
      () => {
        this.failed = false;
        this.settledAt = this.now();
      },
      (error: unknown) => {
        this.failed = true;
        this.settledAt = this.now();
        this.onFailure(error);
      },
    );
    this.pending = pending.finally(() => {
      this.pending = undefined;
    });
    return pending;
  }
}
