import { describe, expect, it } from 'vitest';
import { FailedKeyLimit } from './failed-key-limit';

describe('failed provider key limit', () => {
  it('refuses an address after its allowance of failures until its window ends, others still welcome', () => {
    let now = 1_000_000;
    const limit = new FailedKeyLimit(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limit.retryAfterSeconds('192.0.2.1')).toBe(0);
      limit.recordFailure('192.0.2.1');
    }
    expect(limit.retryAfterSeconds('192.0.2.1')).toBe(60);
    expect(limit.retryAfterSeconds('192.0.2.2')).toBe(0);
    now += 59_500;
    expect(limit.retryAfterSeconds('192.0.2.1')).toBe(1);
    now += 500;
    expect(limit.retryAfterSeconds('192.0.2.1')).toBe(0);
    limit.recordFailure('192.0.2.1');
    expect(limit.retryAfterSeconds('192.0.2.1')).toBe(0);
  });
});
