import { describe, expect, it } from '@jest/globals';
import { FixedWindowLimiter } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  it('allows `limit` hits per key and window, then refuses until the window ends', () => {
    let now = 1_000;
    const limiter = new FixedWindowLimiter(60_000, () => now);
    expect([1, 2, 3].map(() => limiter.hit('a', 2).allowed)).toEqual([true, true, false]);
    expect(limiter.hit('b', 2).allowed).toBe(true);

    now += 59_000;
    expect(limiter.hit('a', 2)).toEqual({ allowed: false, retryAfterMs: 1_000 });
    now += 1_000;
    expect(limiter.hit('a', 2)).toEqual({ allowed: true, retryAfterMs: 60_000 });
  });

  it('forgets finished windows', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(1_000, () => now);
    for (let key = 0; key < 100; key += 1) limiter.hit(`key-${key}`, 5);
    expect(limiter.size).toBe(100);
    now += 1_000;
    limiter.hit('fresh', 5);
    expect(limiter.size).toBe(1);
  });
});
