import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/stt-fake-openai-server.js';
import { unusedLocalUrl } from '../../test-support/stt-fake-server-kit.js';
import {
  generateFixtureAudio,
  hasAudioTools,
  loadCallFixture,
  splitStereoWithFfmpeg,
  type FixtureAudio,
} from '../../modules/samples/sample-audio.js';
import { createOpenAiTranscriber, type OpenAiTranscriberOptions } from './openai-transcriber.js';
import { TranscriptionError, type TranscriptionInput } from './transcriber.js';
import { encodeWav16 } from './wav.js';

const run = promisify(execFile);
const tools = await hasAudioTools();

describe.skipIf(!tools)('openai transcriber against the fake OpenAI-compatible server', () => {
  let fake: FakeOpenAiServer;
  let work: string;
  let call: FixtureAudio;
  let french: FixtureAudio;
  let stereo: TranscriptionInput;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    work = await mkdtemp(join(tmpdir(), 'stt-openai-'));
    call = await generateFixtureAudio(await loadCallFixture('discovery-demo-booked'));
    french = await generateFixtureAudio(await loadCallFixture('rendez-vous-fr'));
    fake.registerFixture(call);
    fake.registerFixture(french);
    // Split the way the pipeline does (ffmpeg), so the fake has to recognize re-encoded audio.
    const split = await splitStereoWithFfmpeg(call.stereoPath, join(work, 'call'));
    stereo = {
      channels: [
        { path: split.leftPath, speaker: 'Speaker 1' },
        { path: split.rightPath, speaker: 'Speaker 2' },
      ],
      durationSec: call.durationSec,
      numSpeakers: 2,
    };
  });
  afterAll(async () => {
    await fake?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const make = (overrides: Partial<OpenAiTranscriberOptions> = {}) =>
    createOpenAiTranscriber({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      model: 'whisper-1',
      retries: 0,
      retryDelayMs: 1,
      ...overrides,
    });

  async function failure(p: Promise<unknown>): Promise<TranscriptionError> {
    const e = await p.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(TranscriptionError);
    return e as TranscriptionError;
  }

  it('transcribes a stereo call per channel: two speakers, segments in time order, text joined', async () => {
    const progress: number[] = [];
    const transcript = await make().transcribe(stereo, { onProgress: (p) => progress.push(p) });

    expect(transcript.segments).toEqual(call.expectedSegments);
    expect(new Set(transcript.segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    const starts = transcript.segments.map((s) => s.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(transcript.text).toBe(call.expectedSegments.map((s) => s.text).join(' '));
    expect(transcript.text).toContain('two hundred ninety nine dollars per month');
    expect(transcript.language).toBe('en');
    expect(progress).toEqual([0, 50, 100]);
    expect(fake.requests.map((r) => r.matched)).toEqual([
      'discovery-demo-booked/left',
      'discovery-demo-booked/right',
    ]);
    expect(fake.requests[0]).toMatchObject({
      model: 'whisper-1',
      responseFormat: 'verbose_json',
      timestampGranularities: ['segment'],
      language: null,
      fileName: 'left.wav',
    });
  });

  it('accepts a base URL that already ends with /v1 and sends the language when known', async () => {
    const transcript = await make({ baseUrl: `${fake.baseUrl}/v1/` }).transcribe({
      channels: [
        { path: french.leftPath, speaker: 'Agent' },
        { path: french.rightPath, speaker: 'Client' },
      ],
      durationSec: french.durationSec,
      language: 'fr',
    });

    expect(fake.requests.map((r) => r.language)).toEqual(['fr', 'fr']);
    expect(transcript.language).toBe('fr');
    expect(transcript.segments.map((s) => s.speaker)).toEqual(
      french.expectedSegments.map((s) => (s.speaker === 'Speaker 1' ? 'Agent' : 'Client')),
    );
  });

  it('keeps mono audio as one speaker even when two are expected (this API does not diarize)', async () => {
    const transcript = await make().transcribe({
      channels: [{ path: call.monoPath, speaker: 'Speaker 1' }],
      durationSec: call.durationSec,
      numSpeakers: 2,
    });

    expect(fake.requests.map((r) => r.matched)).toEqual(['discovery-demo-booked/mono']);
    expect(transcript.segments).toHaveLength(call.expectedSegments.length);
    expect(new Set(transcript.segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1']));
  });

  it('recognizes fixture audio that went through a lossy mp3 round trip', async () => {
    const mp3 = join(work, 'round-trip.mp3');
    const back = join(work, 'round-trip.wav');
    const quiet = ['-nostdin', '-loglevel', 'error', '-y'];
    await run('ffmpeg', [...quiet, '-i', call.leftPath, '-b:a', '64k', mp3]);
    await run('ffmpeg', [...quiet, '-i', mp3, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', back]);

    const transcript = await make().transcribe({
      channels: [{ path: back, speaker: 'Speaker 1' }],
      durationSec: call.durationSec,
    });

    expect(fake.requests[0]?.matched).toBe('discovery-demo-booked/left');
    expect(transcript.segments.every((s) => s.speaker === 'Speaker 1')).toBe(true);
  });

  it('maps 401 to CONFIG naming TRANSCRIBER_API_KEY, without leaking the key', async () => {
    const err = await failure(make({ apiKey: 'sk-wrong-secret' }).transcribe(stereo));

    expect(err.kind).toBe('CONFIG');
    expect(err.httpStatus).toBe(401);
    expect(err.retryable).toBe(false);
    expect(err.userMessage).toContain('TRANSCRIBER_API_KEY');
    expect(`${err.userMessage} ${err.detail} ${err.message}`).not.toContain('sk-wrong-secret');
  });

  it('maps 429 to TEMPORARY once the quick retries are spent, honouring Retry-After', async () => {
    fake.failNext(3, 429, { 'retry-after': '0' });
    const hitsBefore = fake.hits;

    const err = await failure(make({ retries: 2 }).transcribe(stereo));

    expect(err.kind).toBe('TEMPORARY');
    expect(err.retryable).toBe(true);
    expect(err.httpStatus).toBe(429);
    expect(err.retryAfterSec).toBe(0);
    expect(fake.hits - hitsBefore).toBe(3);
  });

  it('retries a 500 and succeeds when the service recovers', async () => {
    fake.failNext(2, 500);
    const transcript = await make({ retries: 2 }).transcribe(stereo);
    expect(transcript.segments).toEqual(call.expectedSegments);
  });

  it('gives up on a request that hangs past the time cap as TEMPORARY', async () => {
    fake.hangNext(1);
    const started = Date.now();

    const err = await failure(make({ timeoutMs: 300 }).transcribe(stereo));

    expect(err.kind).toBe('TEMPORARY');
    expect(err.userMessage).toMatch(/did not answer within/);
    expect(err.detail).toMatch(/timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports an unreadable (non-JSON) answer as UNKNOWN with a clear message', async () => {
    fake.malformedNext(1);

    const err = await failure(make().transcribe(stereo));

    expect(err.kind).toBe('UNKNOWN');
    expect(err.userMessage).toBe(
      'The OpenAI-compatible transcription service sent an answer that could not be read. Check that TRANSCRIBER_BASE_URL points at a compatible service.',
    );
    expect(err.detail).toMatch(/not JSON/);
  });

  it('reports JSON of the wrong shape as UNKNOWN', async () => {
    fake.malformedNext(1, JSON.stringify({ segments: [{ start: 'zero', end: 1, text: 'x' }] }));
    const err = await failure(make().transcribe(stereo));
    expect(err.kind).toBe('UNKNOWN');
    expect(err.detail).toMatch(/unexpected verbose_json shape/);
  });

  it('maps audio the service cannot process (400) to BAD_AUDIO', async () => {
    const noise = join(work, 'noise.wav');
    const samples = new Int16Array(16_000 * 3).map(() => Math.round((Math.random() - 0.5) * 20_000));
    await writeFile(noise, encodeWav16(16_000, [samples]));

    const err = await failure(
      make().transcribe({ channels: [{ path: noise, speaker: 'Speaker 1' }], durationSec: 3 }),
    );

    expect(err.kind).toBe('BAD_AUDIO');
    expect(err.httpStatus).toBe(400);
    expect(err.detail).toMatch(/no registered audio lasts 3\.00 s/);
  });

  it('maps a wrong base URL (404) to CONFIG naming TRANSCRIBER_BASE_URL', async () => {
    const err = await failure(make({ baseUrl: `${fake.baseUrl}/not-openai` }).transcribe(stereo));
    expect(err.kind).toBe('CONFIG');
    expect(err.userMessage).toContain('TRANSCRIBER_BASE_URL');
  });

  it('maps an unreachable service to TEMPORARY', async () => {
    const err = await failure(make({ baseUrl: await unusedLocalUrl() }).transcribe(stereo));
    expect(err.kind).toBe('TEMPORARY');
    expect(err.userMessage).toContain('Could not reach');
    expect(err.detail).toMatch(/ECONNREFUSED/);
  });

  it('stops with the caller’s abort reason, not a transcription error', async () => {
    fake.hangNext(1);
    const controller = new AbortController();
    const pending = make().transcribe(stereo, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(pending).rejects.toThrow('job cancelled');
  });
});
