/**
 * The HTTP edge shared by the hosted speech-to-text providers: one request with a time cap,
 * a few quick retries of TEMPORARY failures, and the mapping from HTTP status / network failure /
 * unreadable body to a classified `TranscriptionError` whose user message names what to configure.
 * Messages are English with `{name}` placeholders (`{provider}` is the display name), so a stored
 * failure is shown in the reader's language.
 */
import { openAsBlob } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { msg } from '../../errors.js';
import { TranscriptionError, throwIfAborted } from './transcriber.js';

export type ProviderHttpSettings = {
  /** Used in error details ("openai", "deepgram"). */
  provider: string;
  /** Used in user messages ("The OpenAI-compatible transcription service"). */
  displayName: string;
  /** Time cap for one HTTP request, including reading the answer. */
  timeoutMs: number;
  /** Extra attempts after a TEMPORARY failure (the job queue retries again later on top of this). */
  retries: number;
  /** First back-off delay; doubles each attempt. Retry-After wins when the vendor sends it. */
  retryDelayMs: number;
  /** Longest wait between attempts, whatever Retry-After says. */
  maxRetryDelayMs?: number;
};

export type PostRequest = {
  url: string;
  /** Called per attempt so each attempt gets a fresh body. */
  init: () => Promise<RequestInit> | RequestInit;
  signal?: AbortSignal;
};

/** POSTs and returns the parsed JSON body of a 2xx answer, or throws a `TranscriptionError`. */
export async function postJson(settings: ProviderHttpSettings, req: PostRequest): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await postOnce(settings, req);
    } catch (e) {
      if (!(e instanceof TranscriptionError) || !e.retryable || attempt >= settings.retries) throw e;
      const backoff = settings.retryDelayMs * 2 ** attempt;
      const wanted = e.retryAfterSec !== undefined ? e.retryAfterSec * 1000 : backoff;
      const delay = Math.min(wanted, settings.maxRetryDelayMs ?? 10_000);
      try {
        await sleep(delay, undefined, req.signal ? { signal: req.signal } : undefined);
      } catch {
        throwIfAborted(req.signal);
        throw e;
      }
    }
  }
}

async function postOnce(settings: ProviderHttpSettings, req: PostRequest): Promise<unknown> {
  throwIfAborted(req.signal);
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const where = describeUrl(req.url);
  let status: number;
  let retryAfter: string | null;
  let body: string;
  const init = await req.init();
  try {
    const res = await fetch(req.url, { ...init, method: 'POST', signal });
    status = res.status;
    retryAfter = res.headers.get('retry-after');
    body = await res.text();
  } catch (e) {
    throwIfAborted(req.signal);
    if (timeout.aborted) {
      throw new TranscriptionError({
        kind: 'TEMPORARY',
        provider: settings.provider,
        userMessage: msg('{provider} did not answer within {seconds} s.'),
        params: { provider: settings.displayName, seconds: Math.round(settings.timeoutMs / 1000) },
        detail: `POST ${where} timed out after ${settings.timeoutMs} ms`,
        cause: e,
      });
    }
    throw new TranscriptionError({
      kind: 'TEMPORARY',
      provider: settings.provider,
      userMessage: msg('Could not reach {provider} at {host}. Check TRANSCRIBER_BASE_URL.'),
      params: { provider: settings.displayName, host: new URL(req.url).host },
      detail: `POST ${where} failed: ${networkCause(e)}`,
      cause: e,
    });
  }
  if (status < 200 || status > 299) {
    throw httpStatusError(settings, { status, url: req.url, body, retryAfter });
  }
  try {
    return JSON.parse(body) as unknown;
  } catch (e) {
    throw unreadableAnswer(settings, req.url, `body is not JSON: ${excerpt(body)}`, e);
  }
}

/** Maps a non-2xx answer to an error kind: 429/5xx → TEMPORARY, 401/403/404 → CONFIG, 400/413/415/422 → BAD_AUDIO. */
export function httpStatusError(
  settings: Pick<ProviderHttpSettings, 'provider' | 'displayName'>,
  res: { status: number; url: string; body: string; retryAfter?: string | null },
): TranscriptionError {
  const { status } = res;
  const name = settings.displayName;
  const detail = `POST ${describeUrl(res.url)} → HTTP ${status}: ${excerpt(res.body)}`;
  const base = { provider: settings.provider, httpStatus: status, detail };
  if (status === 401) {
    return new TranscriptionError({
      ...base,
      kind: 'CONFIG',
      userMessage: msg('{provider} rejected the API key (HTTP 401). Check TRANSCRIBER_API_KEY.'),
      params: { provider: name },
    });
  }
  if (status === 403) {
    return new TranscriptionError({
      ...base,
      kind: 'CONFIG',
      userMessage: msg(
        '{provider} refused access (HTTP 403). Check that TRANSCRIBER_API_KEY may use TRANSCRIBER_MODEL.',
      ),
      params: { provider: name },
    });
  }
  if (status === 404) {
    return new TranscriptionError({
      ...base,
      kind: 'CONFIG',
      userMessage: msg(
        '{provider} was not found at {url} (HTTP 404). Check TRANSCRIBER_BASE_URL and TRANSCRIBER_MODEL.',
      ),
      params: { provider: name, url: describeUrl(res.url) },
    });
  }
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    return new TranscriptionError({
      ...base,
      kind: 'BAD_AUDIO',
      userMessage: msg(
        '{provider} could not process this audio (HTTP {status}). The file may be damaged, too large, or in an unsupported format.',
      ),
      params: { provider: name, status },
    });
  }
  if (status === 429 || status === 408 || status >= 500) {
    const retryAfterSec = parseRetryAfter(res.retryAfter ?? null);
    return new TranscriptionError({
      ...base,
      kind: 'TEMPORARY',
      ...(retryAfterSec === undefined ? {} : { retryAfterSec }),
      userMessage:
        status === 429
          ? msg('{provider} is limiting the request rate (HTTP 429).')
          : msg('{provider} had a temporary problem (HTTP {status}).'),
      params: { provider: name, status },
    });
  }
  return new TranscriptionError({
    ...base,
    kind: 'UNKNOWN',
    userMessage: msg('{provider} answered with an unexpected error (HTTP {status}).'),
    params: { provider: name, status },
  });
}

/** A 2xx answer whose body is not what the provider documents. */
export function unreadableAnswer(
  settings: Pick<ProviderHttpSettings, 'provider' | 'displayName'>,
  url: string,
  why: string,
  cause?: unknown,
): TranscriptionError {
  return new TranscriptionError({
    kind: 'UNKNOWN',
    provider: settings.provider,
    userMessage: msg(
      '{provider} sent an answer that could not be read. Check that TRANSCRIBER_BASE_URL points at a compatible service.',
    ),
    params: { provider: settings.displayName },
    detail: `POST ${describeUrl(url)}: ${why}`,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date). */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - Date.now()) / 1000);
}

/** Joins a base URL and an API path, accepting a base with or without a trailing `/v1`. */
export function joinApiUrl(baseUrl: string, pathAfterV1: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  const withV1 = /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
  return `${withV1}/${pathAfterV1.replace(/^\/+/, '')}`;
}

/** URL without query string or credentials, for logs and messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

function excerpt(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat || '(empty body)';
}

function networkCause(e: unknown): string {
  if (e instanceof Error) {
    const cause = e.cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: unknown }).code;
      return `${e.message}: ${typeof code === 'string' ? `${code} ` : ''}${cause.message}`;
    }
    return e.message;
  }
  return String(e);
}

/** A file-backed Blob: the upload streams from disk instead of loading the recording in memory. */
export async function openChannelFile(path: string, provider: string): Promise<Blob> {
  try {
    return await openAsBlob(path, { type: 'audio/wav' });
  } catch (e) {
    throw new TranscriptionError({
      kind: 'UNKNOWN',
      provider,
      userMessage: 'The normalized audio of this recording could not be read for transcription.',
      detail: `cannot open channel file ${path}: ${e instanceof Error ? e.message : String(e)}`,
      cause: e,
    });
  }
}
