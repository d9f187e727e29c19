/**
 * Client-side pacing by HighLevel's rate-limit headers (`X-RateLimit-Max`,
 * `X-RateLimit-Interval-Milliseconds`, `X-RateLimit-Remaining`), per rate key (a location or a
 * company). Each key keeps the send times of its last `max` requests and lets a new request go only
 * when fewer than `max` were sent within the interval (plus a small margin for clock and network
 * skew), so a steady sync runs at the limit without tripping it. When the vendor reports no
 * requests left that this process did not use (another worker shares the budget), the key pauses.
 */
export type PacerOptions = {
  /** Assumed until the first answer says otherwise (HighLevel: 100 per 10 s). */
  defaultMax?: number;
  defaultIntervalMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

type KeyState = { max: number; intervalMs: number; sends: number[]; pausedUntil: number; waiters: number };

export type Pacer = {
  /** Waits until `key` may send one more request, and records it as sent. */
  acquire(key: string): Promise<void>;
  /** Reads the rate-limit headers of an answer for `key`. */
  observe(key: string, headers: Headers): void;
  /** After a 429: nothing for `key` until `ms` from now. */
  pause(key: string, ms: number): void;
};

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createPacer(opts: PacerOptions = {}): Pacer {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? defaultSleep;
  const keys = new Map<string, KeyState>();
  const stateOf = (key: string): KeyState => {
    let s = keys.get(key);
    if (!s) {
      s = {
        max: opts.defaultMax ?? 100,
        intervalMs: opts.defaultIntervalMs ?? 10_000,
        sends: [],
        pausedUntil: 0,
        waiters: 0,
      };
      keys.set(key, s);
    }
    return s;
  };
  const margin = (s: KeyState) => Math.min(100, Math.max(10, s.intervalMs * 0.02));
  // One queue per key keeps the order fair: requests leave in the order they asked.
  const chains = new Map<string, Promise<void>>();

  async function waitTurn(s: KeyState): Promise<void> {
    for (;;) {
      const t = now();
      if (t < s.pausedUntil) {
        await sleep(s.pausedUntil - t);
        continue;
      }
      const horizon = t - s.intervalMs - margin(s);
      while (s.sends.length > 0 && (s.sends[0] as number) <= horizon) s.sends.shift();
      if (s.sends.length < s.max) {
        s.sends.push(t);
        return;
      }
      await sleep((s.sends[0] as number) - horizon + 1);
    }
  }

  return {
    acquire(key) {
      const s = stateOf(key);
      const prev = chains.get(key) ?? Promise.resolve();
      const turn = prev.then(() => waitTurn(s));
      chains.set(
        key,
        turn.catch(() => undefined),
      );
      return turn;
    },
    observe(key, headers) {
      const s = stateOf(key);
      const max = Number(headers.get('x-ratelimit-max'));
      const interval = Number(headers.get('x-ratelimit-interval-milliseconds'));
      if (Number.isInteger(max) && max > 0) s.max = max;
      if (Number.isInteger(interval) && interval > 0) s.intervalMs = interval;
      const remaining = headers.get('x-ratelimit-remaining');
      if (remaining !== null && Number(remaining) === 0) {
        const t = now();
        const ours = s.sends.filter((x) => x > t - s.intervalMs).length;
        // Not all of the window's requests were ours: someone else shares the budget. Wait a slice.
        if (ours < s.max) s.pausedUntil = Math.max(s.pausedUntil, t + Math.ceil(s.intervalMs / 4));
      }
    },
    pause(key, ms) {
      const s = stateOf(key);
      s.pausedUntil = Math.max(s.pausedUntil, now() + ms);
    },
  };
}
