/**
 * HighLevel's rate limit (a burst window per location or company plus a daily cap, reported in
 * `X-RateLimit-*` headers) and the fault switches tests flip to make the sandbox misbehave.
 */
export type RateLimitOptions = { max: number; windowMs: number; daily: number };

export type RateDecision = { allowed: boolean; headers: Record<string, string> };

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private days = new Map<string, { day: number; count: number }>();
  limited = 0;

  constructor(
    readonly opts: RateLimitOptions,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one request for `key` (a location or company id). */
  take(key: string): RateDecision {
    const now = this.clock();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.opts.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    const dayNo = Math.floor(now / 86_400_000);
    let d = this.days.get(key);
    if (!d || d.day !== dayNo) {
      d = { day: dayNo, count: 0 };
      this.days.set(key, d);
    }
    const allowed = w.count < this.opts.max && d.count < this.opts.daily;
    if (allowed) {
      w.count++;
      d.count++;
    } else {
      this.limited++;
    }
    const headers: Record<string, string> = {
      'X-RateLimit-Max': String(this.opts.max),
      'X-RateLimit-Remaining': String(Math.max(0, this.opts.max - w.count)),
      'X-RateLimit-Interval-Milliseconds': String(this.opts.windowMs),
      'X-RateLimit-Limit-Daily': String(this.opts.daily),
      'X-RateLimit-Daily-Remaining': String(Math.max(0, this.opts.daily - d.count)),
    };
    if (!allowed) {
      const waitMs =
        w.count >= this.opts.max ? w.start + this.opts.windowMs - now : (dayNo + 1) * 86_400_000 - now;
      headers['Retry-After'] = String(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    return { allowed, headers };
  }

  reset(): void {
    this.windows.clear();
    this.days.clear();
  }
}

export type FaultState = {
  failNext: { count: number; status: number };
  slowMs: number;
  rateLimitStorm: number;
};

/** Programmatic fault switches (also reachable over HTTP under `/__sandbox/faults/*`). */
export type Faults = {
  /** Every access token issued so far expires now (refresh tokens keep working). */
  expireTokensNow(): void;
  /** The next `count` API requests answer `status` (5xx by default 503). */
  failNext(count: number, status?: number): void;
  /** Every API answer waits `ms` first (0 turns it off). */
  slow(ms: number): void;
  /** The next `count` API requests answer 429 with the rate-limit headers and `Retry-After`. */
  rateLimitStorm(count: number): void;
  /** Everything back to normal (also clears the rate-limit windows). */
  reset(): void;
  readonly state: FaultState;
};
