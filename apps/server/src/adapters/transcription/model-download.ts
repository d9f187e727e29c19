/**
 * Fetching a whisper.cpp ggml model once, on first use, into the models directory: throttled
 * progress, resume of a partial `.part` file with an HTTP Range request, checksum verification,
 * atomic rename, one download per file per process, and a CONFIG `TranscriptionError` that says
 * what to configure when it fails.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { msg } from '../../errors.js';
import { describeUrl } from './provider-http.js';
import { TranscriptionError } from './transcriber.js';

export const DEFAULT_WHISPER_MODEL = 'base.en';
export const DEFAULT_WHISPER_MODEL_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

/**
 * SHA-1 of the ggml files as published in whisper.cpp's models/README.md. We do not ship SHA-256
 * values because we could not verify them here; pass `expectedSha256` to check one.
 */
export const KNOWN_WHISPER_MODEL_SHA1: Readonly<Record<string, string>> = {
  tiny: 'bd577a113a864445d4c299885e0cb97d4ba92b5f',
  'tiny.en': 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df',
  base: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
  'base.en': '137c40403d78fd54d454da0f9bd998f78703390c',
  small: '55356645c2b361a969dfd0ef2c5a50d530afd8d5',
  'small.en': 'db8a495a91d927739e50b3fc1cc4c6b8f6c2d022',
};

export type ModelDownloadProgress = {
  receivedBytes: number;
  /** Undefined when the server does not say how big the file is. */
  totalBytes: number | undefined;
  /** 0–100, undefined when the total is unknown. */
  pct: number | undefined;
};

export type EnsureWhisperModelOptions = {
  modelsDir: string;
  /** A whisper.cpp model name such as `base.en`; the file is `ggml-<model>.bin`. */
  model: string;
  /** Where `ggml-<model>.bin` is fetched from; tests point it at 127.0.0.1. */
  baseUrl?: string;
  /** Checked when given. */
  expectedSha256?: string;
  /** Defaults to the published value for known models; `null` skips the SHA-1 check. */
  expectedSha1?: string | null;
  /** Throttled to one call per `progressIntervalMs`, plus a last call at 100 %. */
  onProgress?: (progress: ModelDownloadProgress) => void;
  progressIntervalMs?: number;
  /** Fail when no byte arrives for this long; default 60 s. */
  stallTimeoutMs?: number;
  /** Stops this caller's wait; the shared download itself goes on for other callers. */
  signal?: AbortSignal;
};

export function whisperModelFileName(model: string): string {
  return `ggml-${model}.bin`;
}

type Inflight = { promise: Promise<string>; listeners: Set<(p: ModelDownloadProgress) => void> };
const inflight = new Map<string, Inflight>();

/** Returns the local path of the model, downloading it first if it is not there yet. */
export async function ensureWhisperModel(options: EnsureWhisperModelOptions): Promise<string> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(options.model)) {
    throw new TranscriptionError({
      kind: 'CONFIG',
      provider: 'whisper',
      userMessage: msg(
        'WHISPER_MODEL "{model}" is not a model name (expected something like base.en). Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.',
      ),
      params: { model: options.model },
      detail: `invalid whisper model name ${JSON.stringify(options.model)}`,
    });
  }
  const finalPath = join(options.modelsDir, whisperModelFileName(options.model));
  if (await isNonEmptyFile(finalPath)) return finalPath;

  let entry = inflight.get(finalPath);
  if (!entry) {
    const listeners = new Set<(p: ModelDownloadProgress) => void>();
    const promise = download(options, finalPath, (p) => listeners.forEach((l) => l(p))).finally(() =>
      inflight.delete(finalPath),
    );
    // A caller that stops waiting must not turn a later failure into an unhandled rejection.
    promise.catch(() => undefined);
    entry = { promise, listeners };
    inflight.set(finalPath, entry);
  }
  const { onProgress, signal } = options;
  if (onProgress) entry.listeners.add(onProgress);
  try {
    return await waitWithSignal(entry.promise, signal);
  } finally {
    if (onProgress) entry.listeners.delete(onProgress);
  }
}

async function download(
  options: EnsureWhisperModelOptions,
  finalPath: string,
  emit: (p: ModelDownloadProgress) => void,
): Promise<string> {
  const baseUrl = (options.baseUrl ?? DEFAULT_WHISPER_MODEL_BASE_URL).replace(/\/+$/, '');
  const url = `${baseUrl}/${whisperModelFileName(options.model)}`;
  const partPath = `${finalPath}.part`;
  const interval = options.progressIntervalMs ?? 1000;
  const stallTimeoutMs = options.stallTimeoutMs ?? 60_000;
  const expectedSha1 =
    options.expectedSha1 === null
      ? undefined
      : (options.expectedSha1 ?? KNOWN_WHISPER_MODEL_SHA1[options.model]);
  // The user's sentence is an English message with `{name}` placeholders, translated when shown.
  const fail = (
    detail: string,
    user?: { message: string; params?: Record<string, string> },
    cause?: unknown,
  ) =>
    new TranscriptionError({
      kind: 'CONFIG',
      provider: 'whisper',
      userMessage:
        user?.message ??
        msg(
          'The Whisper model could not be downloaded. Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.',
        ),
      ...(user?.params ? { params: user.params } : {}),
      detail,
      ...(cause === undefined ? {} : { cause }),
    });

  try {
    await mkdir(options.modelsDir, { recursive: true });
  } catch (e) {
    throw fail(`cannot create models directory ${options.modelsDir}: ${String(e)}`, undefined, e);
  }

  // At most two rounds: a resume attempt, then a fresh start if the server cannot resume.
  for (let round = 0; round < 2; round++) {
    const resumeFrom = round === 0 ? await fileSize(partPath) : 0;
    const stall = new AbortController();
    let stallTimer = setTimeout(() => stall.abort(), stallTimeoutMs);
    const kick = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => stall.abort(), stallTimeoutMs);
    };
    try {
      let res: Response;
      try {
        res = await fetch(url, {
          redirect: 'follow',
          signal: stall.signal,
          headers: resumeFrom > 0 ? { range: `bytes=${resumeFrom}-` } : {},
        });
      } catch (e) {
        throw fail(`GET ${describeUrl(url)} failed: ${errorText(e, stall.signal)}`, undefined, e);
      }

      let offset: number;
      let totalBytes: number | undefined;
      if (res.status === 206 && resumeFrom > 0) {
        const range = parseContentRange(res.headers.get('content-range'));
        if (!range || range.start !== resumeFrom) {
          await res.body?.cancel();
          await rm(partPath, { force: true });
          continue;
        }
        offset = resumeFrom;
        totalBytes = range.total;
      } else if (res.status === 200) {
        // A server that ignores Range sends the whole file again: start over.
        offset = 0;
        const length = Number(res.headers.get('content-length'));
        totalBytes = Number.isFinite(length) && length > 0 ? length : undefined;
      } else if (res.status === 416 && resumeFrom > 0) {
        // The partial file does not fit the remote file (it changed, or the part is bogus).
        await res.body?.cancel();
        await rm(partPath, { force: true });
        continue;
      } else {
        await res.body?.cancel();
        const hint =
          res.status === 404
            ? {
                message: msg(
                  'The Whisper model "{model}" was not found at {host} (HTTP 404). Check WHISPER_MODEL. Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.',
                ),
                params: { model: options.model, host: new URL(url).host },
              }
            : undefined;
        throw fail(`GET ${describeUrl(url)} → HTTP ${res.status}`, hint);
      }
      if (!res.body) throw fail(`GET ${describeUrl(url)} → HTTP ${res.status} without a body`);

      const sha256 = createHash('sha256');
      const sha1 = createHash('sha1');
      if (offset > 0) await hashFile(partPath, [sha256, sha1]);

      let received = offset;
      let lastEmit = 0;
      const progress = (): ModelDownloadProgress => ({
        receivedBytes: received,
        totalBytes,
        pct: totalBytes ? Math.min(100, Math.floor((received / totalBytes) * 1000) / 10) : undefined,
      });
      const file = await open(partPath, offset > 0 ? 'a' : 'w');
      try {
        try {
          for await (const chunk of res.body) {
            kick();
            await file.write(chunk);
            sha256.update(chunk);
            sha1.update(chunk);
            received += chunk.byteLength;
            const now = Date.now();
            if (now - lastEmit >= interval) {
              lastEmit = now;
              emit(progress());
            }
          }
        } catch (e) {
          throw fail(
            `GET ${describeUrl(url)} broke off after ${received} bytes: ${errorText(e, stall.signal)}`,
            undefined,
            e,
          );
        }
        await file.sync();
      } finally {
        await file.close();
      }

      if (totalBytes !== undefined && received !== totalBytes) {
        throw fail(`GET ${describeUrl(url)} ended after ${received} of ${totalBytes} bytes`);
      }
      const gotSha256 = sha256.digest('hex');
      const gotSha1 = sha1.digest('hex');
      const mismatch =
        (options.expectedSha256 && options.expectedSha256.toLowerCase() !== gotSha256
          ? `sha256 ${gotSha256}, expected ${options.expectedSha256}`
          : undefined) ??
        (expectedSha1 && expectedSha1.toLowerCase() !== gotSha1
          ? `sha1 ${gotSha1}, expected ${expectedSha1}`
          : undefined);
      if (mismatch) {
        await rm(partPath, { force: true });
        throw fail(`checksum mismatch for ${describeUrl(url)}: ${mismatch}`, {
          message: msg(
            'The downloaded Whisper model was damaged (checksum mismatch) and has been deleted; it will be downloaded again on retry. Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.',
          ),
        });
      }
      await rename(partPath, finalPath);
      emit({ receivedBytes: received, totalBytes: received, pct: 100 });
      return finalPath;
    } finally {
      clearTimeout(stallTimer);
    }
  }
  throw fail(`GET ${describeUrl(url)}: the server could not resume or restart the download`);
}

function parseContentRange(value: string | null): { start: number; total: number | undefined } | undefined {
  const m = value ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value.trim()) : null;
  if (!m) return undefined;
  return { start: Number(m[1]), total: m[3] === '*' ? undefined : Number(m[3]) };
}

async function hashFile(path: string, hashes: Hash[]): Promise<void> {
  for await (const chunk of createReadStream(path)) {
    for (const h of hashes) h.update(chunk as Buffer);
  }
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function isNonEmptyFile(path: string): Promise<boolean> {
  try {
    const s = await stat(path);
    return s.isFile() && s.size > 0;
  } catch {
    return false;
  }
}

function errorText(e: unknown, stall: AbortSignal): string {
  if (stall.aborted) return 'no data received in time (stalled)';
  if (e instanceof Error) {
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
    return `${e.message}${cause}`;
  }
  return String(e);
}

function waitWithSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
