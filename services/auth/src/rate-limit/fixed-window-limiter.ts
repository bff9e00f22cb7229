interface Window {
  count: number;
  resetsAt: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Until the key's window starts over. */
  retryAfterMs: number;
}

/**
 * Counts hits per key in fixed windows of `windowMs`. Counts live in this process: several replicas each
 * keep their own, so together they allow up to replicas × limit.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt: number;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweepAt = now() + windowMs;
  }

  /** Counts one hit on `key` and says whether it stays within `limit` hits this window. */
  hit(key: string, limit: number): LimitVerdict {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      window = { count: 0, resetsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit, retryAfterMs: window.resetsAt - now };
  }

  /** Drops finished windows once per window length, so memory follows recent traffic only. */
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
    this.nextSweepAt = now + this.windowMs;
  }

  get size(): number {
    return this.windows.size;
  }
}
