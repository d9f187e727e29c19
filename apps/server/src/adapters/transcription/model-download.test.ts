import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../test-support/stt-fake-model-server.js';
import { unusedLocalUrl } from '../../test-support/stt-fake-server-kit.js';
import { ensureWhisperModel, type ModelDownloadProgress } from './model-download.js';
import { TranscriptionError } from './transcriber.js';

const content = randomBytes(300 * 1024);
const sha256 = createHash('sha256').update(content).digest('hex');

let server: FakeModelServer;
let dir: string;

beforeAll(async () => {
  server = await startFakeModelServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stt-models-'));
  server.requests.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function catchError(p: Promise<unknown>): Promise<TranscriptionError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(TranscriptionError);
  return e as TranscriptionError;
}

describe('ensureWhisperModel', () => {
  it('downloads the model once with progress rising to 100 % and a verified checksum', async () => {
    server.serve('ggml-stand-in.bin', { content });
    const progress: ModelDownloadProgress[] = [];
    const path = await ensureWhisperModel({
      modelsDir: dir,
      model: 'stand-in',
      baseUrl: server.baseUrl,
      expectedSha256: sha256,
      progressIntervalMs: 0,
      onProgress: (p) => progress.push(p),
    });

    expect(path).toBe(join(dir, 'ggml-stand-in.bin'));
    expect(Buffer.compare(await readFile(path), content)).toBe(0);
    expect(await readdir(dir)).toEqual(['ggml-stand-in.bin']);
    expect(progress.length).toBeGreaterThan(3);
    const pcts = progress.map((p) => p.pct ?? -1);
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ receivedBytes: content.length, totalBytes: content.length, pct: 100 });
    expect(progress[0]?.totalBytes).toBe(content.length);

    // Second call: already there, no request.
    await ensureWhisperModel({ modelsDir: dir, model: 'stand-in', baseUrl: server.baseUrl });
    expect(server.requests).toHaveLength(1);
  });

  it('resumes a half-written .part file with a Range request', async () => {
    server.serve('ggml-stand-in.bin', { content });
    const half = Math.floor(content.length / 2);
    await writeFile(join(dir, 'ggml-stand-in.bin.part'), content.subarray(0, half));
    const progress: ModelDownloadProgress[] = [];

    const path = await ensureWhisperModel({
      modelsDir: dir,
      model: 'stand-in',
      baseUrl: server.baseUrl,
      expectedSha256: sha256,
      progressIntervalMs: 0,
      onProgress: (p) => progress.push(p),
    });

    expect(server.requests).toEqual([{ path: '/ggml-stand-in.bin', range: `bytes=${half}-`, status: 206 }]);
    expect(Buffer.compare(await readFile(path), content)).toBe(0);
    expect(progress[0]?.receivedBytes).toBeGreaterThan(half);
    expect(progress.at(-1)?.pct).toBe(100);
  });

  it('starts over when the server ignores Range and sends the whole file', async () => {
    server.serve('ggml-stand-in.bin', { content, ignoreRange: true });
    await writeFile(join(dir, 'ggml-stand-in.bin.part'), content.subarray(0, 1000));

    const path = await ensureWhisperModel({
      modelsDir: dir,
      model: 'stand-in',
      baseUrl: server.baseUrl,
      expectedSha256: sha256,
    });

    expect(server.requests).toEqual([{ path: '/ggml-stand-in.bin', range: 'bytes=1000-', status: 200 }]);
    expect(Buffer.compare(await readFile(path), content)).toBe(0);
  });

  it('keeps the .part of a broken download and resumes it on the next call', async () => {
    server.serve('ggml-stand-in.bin', { content, dropAfterBytes: 100 * 1024 });

    const err = await catchError(
      ensureWhisperModel({
        modelsDir: dir,
        model: 'stand-in',
        baseUrl: server.baseUrl,
        expectedSha256: sha256,
      }),
    );
    expect(err.kind).toBe('CONFIG');
    expect(err.detail).toMatch(/broke off after/);
    expect(await readdir(dir)).toEqual(['ggml-stand-in.bin.part']);

    const path = await ensureWhisperModel({
      modelsDir: dir,
      model: 'stand-in',
      baseUrl: server.baseUrl,
      expectedSha256: sha256,
    });
    expect(server.requests[1]?.range).toMatch(/^bytes=\d+-$/);
    expect(server.requests[1]?.status).toBe(206);
    expect(Buffer.compare(await readFile(path), content)).toBe(0);
  });

  it('rejects a file with the wrong checksum as CONFIG and leaves no model file behind', async () => {
    server.serve('ggml-stand-in.bin', { content });

    const err = await catchError(
      ensureWhisperModel({
        modelsDir: dir,
        model: 'stand-in',
        baseUrl: server.baseUrl,
        expectedSha256: 'f'.repeat(64),
      }),
    );

    expect(err.kind).toBe('CONFIG');
    expect(err.detail).toMatch(/checksum mismatch/);
    expect(err.userMessage).toMatch(/checksum mismatch/);
    expect(err.userMessage).toContain('WHISPER_MODEL_PATH');
    expect(await readdir(dir)).toEqual([]);
  });

  it('checks known models against the published SHA-1 (a stand-in for base.en fails it)', async () => {
    server.serve('ggml-base.en.bin', { content });

    const err = await catchError(
      ensureWhisperModel({ modelsDir: dir, model: 'base.en', baseUrl: server.baseUrl }),
    );

    expect(err.kind).toBe('CONFIG');
    expect(err.detail).toContain('expected 137c40403d78fd54d454da0f9bd998f78703390c');
    expect(await readdir(dir)).toEqual([]);
  });

  it('turns a 404 into a CONFIG error that says what to configure', async () => {
    const err = await catchError(
      ensureWhisperModel({ modelsDir: dir, model: 'missing', baseUrl: server.baseUrl }),
    );

    expect(err.kind).toBe('CONFIG');
    expect(err.httpStatus).toBeUndefined();
    expect(err.detail).toContain('HTTP 404');
    expect(err.userMessage).toContain('WHISPER_MODEL_PATH');
    expect(err.userMessage).toContain('TRANSCRIBER=openai');
    expect(err.userMessage).toContain('Check WHISPER_MODEL.');
    expect(await readdir(dir)).toEqual([]);
  });

  it('turns an unreachable host into a CONFIG error with the standard advice', async () => {
    const err = await catchError(
      ensureWhisperModel({ modelsDir: dir, model: 'stand-in', baseUrl: await unusedLocalUrl() }),
    );

    expect(err.kind).toBe('CONFIG');
    expect(err.detail).toMatch(/ECONNREFUSED|fetch failed/);
    expect(err.userMessage).toBe(
      'The Whisper model could not be downloaded. Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.',
    );
  });

  it('lets concurrent callers share one download', async () => {
    server.serve('ggml-stand-in.bin', { content, chunkDelayMs: 2 });
    const seenA: number[] = [];
    const seenB: number[] = [];
    const common = { modelsDir: dir, model: 'stand-in', baseUrl: server.baseUrl, progressIntervalMs: 0 };

    const [a, b] = await Promise.all([
      ensureWhisperModel({ ...common, onProgress: (p) => seenA.push(p.receivedBytes) }),
      ensureWhisperModel({ ...common, onProgress: (p) => seenB.push(p.receivedBytes) }),
    ]);

    expect(a).toBe(b);
    expect(server.requests).toHaveLength(1);
    expect(seenA.at(-1)).toBe(content.length);
    expect(seenB.at(-1)).toBe(content.length);
    expect(Buffer.compare(await readFile(a), content)).toBe(0);
  });

  it('lets one caller stop waiting without cancelling the shared download', async () => {
    server.serve('ggml-stand-in.bin', { content, chunkDelayMs: 2 });
    const common = { modelsDir: dir, model: 'stand-in', baseUrl: server.baseUrl };
    const impatient = new AbortController();

    const first = ensureWhisperModel({ ...common, signal: impatient.signal });
    const second = ensureWhisperModel(common);
    impatient.abort(new Error('caller gave up'));

    await expect(first).rejects.toThrow('caller gave up');
    expect(Buffer.compare(await readFile(await second), content)).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a model name that is not a plain file name', async () => {
    const err = await catchError(
      ensureWhisperModel({ modelsDir: dir, model: '../etc/passwd', baseUrl: server.baseUrl }),
    );
    expect(err.kind).toBe('CONFIG');
    expect(err.userMessage).toContain('WHISPER_MODEL');
    expect(server.requests).toHaveLength(0);
  });
});
