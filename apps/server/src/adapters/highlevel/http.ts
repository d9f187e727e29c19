/**
 * The small fetch wrapper under the HighLevel client: base URL, `Version` header, bearer token,
 * pacing by the rate-limit headers, retries with backoff (429 honouring Retry-After, 5xx and
 * network errors), one token renewal on 401, and every failure reduced to a `HighLevelError`
 * whose vendor trace id is logged.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Logger } from 'pino';
import { HighLevelError, kindOfStatus, readErrorBody } from './errors.js';
import type { Pacer } from './pacer.js';

export const VERSION_CONVERSATIONS = '2021-04-15';
export const VERSION_DEFAULT = '2021-07-28';

/** A bearer token that can be renewed: the locations module implements it over sealed, locked rows. */
export type TokenSource = {
  /** The pacing bucket (HighLevel limits per location or company). */
  rateKey: string;
  current(): Promise<string>;
  /** Called once after a 401 with the token that was refused; returns a fresh one. */
  renew(rejected: string): Promise<string>;
};

export type HttpOptions = {
  baseUrl: string;
  log: Logger;
  pacer: Pacer;
  /** Attempts for 5xx and network errors (default 5). */
  maxAttempts?: number;
  /** Attempts for 429s (default 20: a storm is waited out, never turned into a lost call). */
  maxRateLimitedAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

export type RequestSpec = {
  method: 'GET' | 'POST';
  path: string;
  version?: string;
  query?: Record<string, string | number | undefined>;
  form?: Record<string, string>;
  json?: unknown;
  auth?: TokenSource;
  /** Rate key for unauthenticated calls (the token endpoint is not paced). */
  rateKey?: string;
};

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type HighLevelHttp = {
  /** JSON answer; throws HighLevelError. */
  json<T>(spec: RequestSpec): Promise<T>;
  /** Streamed answer body (audio); throws HighLevelError before any byte is read. */
  stream(spec: RequestSpec): Promise<{ body: Readable; contentType: string; contentLength?: number }>;
};

export function createHighLevelHttp(opts: HttpOptions): HighLevelHttp {
  const sleep = opts.sleep ?? defaultSleep;
  const maxAttempts = opts.maxAttempts ?? 5;
  const maxLimited = opts.maxRateLimitedAttempts ?? 20;
  const baseDelay = opts.baseDelayMs ?? 300;
  const maxDelay = opts.maxDelayMs ?? 20_000;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const log = opts.log;

  const backoff = (attempt: number) =>
    Math.min(maxDelay, baseDelay * 2 ** attempt) * (0.75 + Math.random() * 0.5);

  function urlOf(spec: RequestSpec): string {
    const u = new URL(
      spec.path.replace(/^\//, ''),
      opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`,
    );
    for (const [k, v] of Object.entries(spec.query ?? {}))
      if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  }

  async function send(spec: RequestSpec): Promise<Response> {
    let failures = 0;
    let limited = 0;
    let renewed = false;
    const key = spec.auth?.rateKey ?? spec.rateKey;
    let token = spec.auth ? await spec.auth.current() : undefined;
    for (;;) {
      if (key) await opts.pacer.acquire(key);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (spec.version) headers.version = spec.version;
      if (token) headers.authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (spec.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(spec.form).toString();
      } else if (spec.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(spec.json);
      }
      let res: Response;
      try {
        res = await fetch(urlOf(spec), {
          method: spec.method,
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        failures++;
        if (failures >= maxAttempts) {
          throw new HighLevelError('TEMPORARY', undefined, (err as Error).message, undefined);
        }
        await sleep(backoff(failures));
        continue;
      }
      if (key) opts.pacer.observe(key, res.headers);
      if (res.ok) return res;

      const text = await res.text().catch(() => '');
      const { message, traceId } = readErrorBody(text);
      const kind = kindOfStatus(res.status);
      const where = {
        method: spec.method,
        path: spec.path,
        status: res.status,
        traceId,
        vendorMessage: message,
      };
      if (kind === 'RATE_LIMITED') {
        limited++;
        const retryAfter = Number(res.headers.get('retry-after'));
        const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff(limited);
        if (key) opts.pacer.pause(key, wait);
        log.debug({ ...where, wait, limited }, 'highlevel rate limited, waiting');
        if (limited >= maxLimited) throw new HighLevelError(kind, res.status, message, traceId);
        if (!key) await sleep(wait);
        continue;
      }
      if (kind === 'TEMPORARY') {
        failures++;
        log.warn({ ...where, attempt: failures }, 'highlevel temporary failure');
        if (failures >= maxAttempts) throw new HighLevelError(kind, res.status, message, traceId);
        await sleep(backoff(failures));
        continue;
      }
      if (res.status === 401 && spec.auth && token && !renewed) {
        renewed = true;
        log.info({ ...where }, 'highlevel refused the token; renewing once');
        token = await spec.auth.renew(token);
        continue;
      }
      if (kind !== 'NOT_FOUND') log.warn(where, 'highlevel request failed');
      throw new HighLevelError(kind, res.status, message, traceId);
    }
  }

  return {
    async json<T>(spec: RequestSpec): Promise<T> {
      const res = await send(spec);
      try {
        return (await res.json()) as T;
      } catch (err) {
        throw new HighLevelError(
          'TEMPORARY',
          res.status,
          `unreadable answer: ${(err as Error).message}`,
          undefined,
        );
      }
    },
    async stream(spec) {
      const res = await send(spec);
      if (!res.body) throw new HighLevelError('UNKNOWN', res.status, 'empty body', undefined);
      const length = Number(res.headers.get('content-length'));
      return {
        body: Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        ...(Number.isFinite(length) && length > 0 ? { contentLength: length } : {}),
      };
    },
  };
}
