/**
 * Wrong or missing API keys per client address, counted in fixed windows. A counter of its own
 * rather than @fastify/rate-limit: that plugin counts every request, and a provider pushing its
 * batches must not use up an allowance meant for wrong keys; nor can it be asked, without
 * counting, whether an address is already refused, which must be known before a key is checked.
 */
export class FailedKeyLimit {
  private readonly windows = new Map<string, { failures: number; endsAt: number }>();
  private nextSweepAt = 0;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until this address may try a key again; 0 when it may now. */
  retryAfterSeconds(address: string): number {
    const window = this.windows.get(address);
    const now = this.now();
    if (!window || window.endsAt <= now || window.failures < this.maxFailures) return 0;
    return Math.ceil((window.endsAt - now) / 1000);
  }

  recordFailure(address: string): void {
    const now = this.now();
    const window = this.windows.get(address);
    if (window && window.endsAt > now) {
      window.failures++;
      return;
    }
    this.sweep(now);
    this.windows.set(address, { failures: 1, endsAt: now + this.windowMs });
  }

  /** Ended windows go once a window: memory stays bounded by the addresses of about two windows. */
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.windowMs;
    for (const [address, window] of this.windows) if (window.endsAt <= now) this.windows.delete(address);
  }
}
