import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../test-support/stt-fake-model-server.js';
import { createFakeWhisperEngine } from '../../test-support/stt-fake-whisper-engine.js';
import { transcriberContract } from '../../test-support/stt-transcriber-contract.js';
import { TranscriptionError, type TranscriptionInput } from './transcriber.js';
import { encodeWav16 } from './wav.js';
import type { WhisperEngine, WhisperEngineResult } from './whisper-engine.js';
import { createWhisperTranscriber } from './whisper-transcriber.js';

// Whisper runs locally: the contract drives it with a stand-in engine that recognizes the fixture
// calls, and a stand-in model file (no real weights can be fetched on this machine).
await transcriberContract(
  'whisper',
  async () => {
    const engine = createFakeWhisperEngine();
    const models = await mkdtemp(join(tmpdir(), 'stt-whisper-contract-'));
    const modelPath = join(models, 'ggml-stand-in.bin');
    await writeFile(modelPath, 'stand-in');
    return {
      transcriber: () => createWhisperTranscriber({ modelsDir: models, modelPath, engine }),
      misconfigured: () =>
        createWhisperTranscriber({ modelsDir: models, modelPath: join(models, 'missing.bin'), engine }),
      configSetting: 'WHISPER_MODEL_PATH',
      register: (audio) => engine.registerFixture(audio),
      hangNext: () => engine.hangNext(1),
      providerCalls: () => engine.calls.matched.length,
      behave: () => engine.behave(),
      close: () => rm(models, { recursive: true, force: true }),
    };
  },
  { hosted: false },
);

let server: FakeModelServer;
let dir: string;
let left: string;
let right: string;

beforeAll(async () => {
  server = await startFakeModelServer();
  // Stand-in bytes: no real weights can be fetched on this machine.
  server.serve('ggml-stand-in.bin', { content: randomBytes(64 * 1024) });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async (ctx) => {
  server.requests.length = 0;
  dir = await mkdtemp(join(tmpdir(), 'stt-whisper-'));
  left = join(dir, 'left.wav');
  right = join(dir, 'right.wav');
  const tone = (n: number) => new Int16Array(n).map((_, i) => Math.round(Math.sin(i / 10) * 16_384));
  await writeFile(left, encodeWav16(16_000, [tone(32_000)]));
  await writeFile(right, encodeWav16(16_000, [tone(32_000)]));
  ctx.onTestFinished(() => rm(dir, { recursive: true, force: true }));
});

function fakeEngine(results: WhisperEngineResult[]) {
  const calls = {
    load: [] as string[],
    samples: [] as Float32Array[],
    languages: [] as (string | undefined)[],
  };
  const engine: WhisperEngine = {
    async load(path) {
      calls.load.push(path);
    },
    async transcribe(samples, opts) {
      calls.samples.push(samples);
      calls.languages.push(opts.language);
      const next = results.shift();
      if (!next) throw new Error('fake engine: no scripted result left');
      return next;
    },
    async close() {},
  };
  return { engine, calls };
}

function input(overrides: Partial<TranscriptionInput> = {}): TranscriptionInput {
  return {
    channels: [
      { path: left, speaker: 'Speaker 1' },
      { path: right, speaker: 'Speaker 2' },
    ],
    durationSec: 2,
    ...overrides,
  };
}

async function failure(p: Promise<unknown>): Promise<TranscriptionError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(TranscriptionError);
  return e as TranscriptionError;
}

describe('whisper transcriber', () => {
  it('fails with CONFIG naming WHISPER_MODEL_PATH when that file does not exist', async () => {
    const { engine, calls } = fakeEngine([]);
    const missing = join(dir, 'nope', 'ggml-base.en.bin');
    const transcriber = createWhisperTranscriber({
      modelsDir: join(dir, 'models'),
      modelPath: missing,
      engine,
    });

    const err = await failure(transcriber.transcribe(input()));

    expect(err.kind).toBe('CONFIG');
    expect(err.userMessage).toContain(`WHISPER_MODEL_PATH is set to ${missing}`);
    expect(err.userMessage).toContain('Set WHISPER_MODEL_PATH to a local ggml model file');
    expect(calls.load).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('gives the recording a clear CONFIG error when the model cannot be downloaded', async () => {
    const { engine } = fakeEngine([]);
    const transcriber = createWhisperTranscriber({
      modelsDir: join(dir, 'models'),
      model: 'not-published',
      downloadBaseUrl: server.baseUrl,
      engine,
    });

    const err = await failure(transcriber.transcribe(input()));

    expect(err.kind).toBe('CONFIG');
    expect(err.userMessage).toContain('WHISPER_MODEL_PATH');
    expect(err.userMessage).toContain('TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY');
  });

  it('downloads the model on first use (progress in the log), then transcribes each channel', async () => {
    const logs: { obj: object; msg: string | undefined }[] = [];
    const logger = { info: (obj: object, msg?: string) => logs.push({ obj, msg }), warn: () => {} };
    const { engine, calls } = fakeEngine([
      {
        segments: [{ start: 1.2, end: 1.9, text: ' Any questions?' }],
        text: 'Any questions?',
        language: 'en',
      },
      {
        segments: [
          { start: 0.1, end: 1.0, text: 'Hello.' },
          { start: 1.5, end: 1.8, text: '' },
        ],
        text: 'Hello.',
        language: 'en',
      },
      { segments: [{ start: 0, end: 1, text: 'again' }], text: 'again', language: undefined },
      { segments: [], text: '', language: undefined },
    ]);
    const modelsDir = join(dir, 'models');
    const transcriber = createWhisperTranscriber({
      modelsDir,
      model: 'stand-in',
      downloadBaseUrl: server.baseUrl,
      engine,
      logger,
    });
    const progress: number[] = [];

    const transcript = await transcriber.transcribe(input(), { onProgress: (p) => progress.push(p) });

    expect(transcript).toEqual({
      segments: [
        { speaker: 'Speaker 2', start: 0.1, end: 1.0, text: 'Hello.' },
        { speaker: 'Speaker 1', start: 1.2, end: 1.9, text: 'Any questions?' },
      ],
      text: 'Hello. Any questions?',
      language: 'en',
    });
    expect(progress).toEqual([0, 50, 100]);
    expect(calls.load).toEqual([join(modelsDir, 'ggml-stand-in.bin')]);
    expect(calls.samples.map((s) => s.length)).toEqual([32_000, 32_000]);
    expect(Math.max(...calls.samples[0]!)).toBeCloseTo(0.5, 2);
    expect(logs.map((l) => l.msg)).toContain('Downloading Whisper model (first use)');
    expect(
      logs.some(
        (l) => l.msg === 'Whisper model download progress' && (l.obj as { pct?: number }).pct === 100,
      ),
    ).toBe(true);
    expect(await readdir(modelsDir)).toEqual(['ggml-stand-in.bin']);

    // Second recording: no second download.
    const requestsBefore = server.requests.length;
    await transcriber.transcribe(input());
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('passes the known language to Whisper and keeps mono audio as one speaker', async () => {
    const { engine, calls } = fakeEngine([
      { segments: [{ start: 0, end: 1, text: 'Bonjour.' }], text: 'Bonjour.', language: 'fr' },
    ]);
    const model = join(dir, 'model.bin');
    await writeFile(model, 'stand-in');
    const transcriber = createWhisperTranscriber({ modelsDir: dir, modelPath: model, engine });

    const transcript = await transcriber.transcribe(
      input({ channels: [{ path: left, speaker: 'Speaker 1' }], numSpeakers: 2, language: 'fr' }),
    );

    expect(calls.languages).toEqual(['fr']);
    expect(transcript.segments.map((s) => s.speaker)).toEqual(['Speaker 1']);
    expect(transcript.language).toBe('fr');
  });

  it('rejects a WAV at another sample rate than 16 kHz as BAD_AUDIO', async () => {
    const { engine } = fakeEngine([]);
    const model = join(dir, 'model.bin');
    await writeFile(model, 'stand-in');
    const transcriber = createWhisperTranscriber({ modelsDir: dir, modelPath: model, engine });
    const wrongRate = join(dir, 'cd.wav');
    await writeFile(wrongRate, encodeWav16(44_100, [new Int16Array(100)]));

    const err = await failure(
      transcriber.transcribe(input({ channels: [{ path: wrongRate, speaker: 'Speaker 1' }] })),
    );
    expect(err.kind).toBe('BAD_AUDIO');
    expect(err.detail).toContain('sample rate 44100 Hz, expected 16000 Hz');
  });

  it('with the real engine: downloads a stand-in model, then fails to load it as CONFIG (no real weights here)', async () => {
    const modelsDir = join(dir, 'models');
    const transcriber = createWhisperTranscriber({
      modelsDir,
      model: 'stand-in',
      downloadBaseUrl: server.baseUrl,
    });
    try {
      const err = await failure(transcriber.transcribe(input()));

      expect(err.kind).toBe('CONFIG');
      expect(err.detail).toContain('Failed to initialize Whisper model');
      expect(err.userMessage).toContain('could not be loaded');
      expect(err.userMessage).toContain('WHISPER_MODEL_PATH');
    } finally {
      await transcriber.close?.();
    }
  });
});
