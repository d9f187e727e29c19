import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { audioToolsGate } from '../../test-support/audio-tools.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/stt-fake-openai-server.js';
import { unusedLocalUrl } from '../../test-support/stt-fake-server-kit.js';
import {
  prepareFixtureCall,
  STT_FIXTURE_TOOLS,
  transcriberContract,
  transcriptionFailure as failure,
} from '../../test-support/stt-transcriber-contract.js';
import type { FixtureAudio } from '../../modules/samples/sample-audio.js';
import { createOpenAiTranscriber, type OpenAiTranscriberOptions } from './openai-transcriber.js';
import type { TranscriptionInput } from './transcriber.js';

const run = promisify(execFile);

function openAi(fake: FakeOpenAiServer, overrides: Partial<OpenAiTranscriberOptions> = {}) {
  return createOpenAiTranscriber({
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    model: 'whisper-1',
    retries: 0,
    retryDelayMs: 1,
    ...overrides,
  });
}

await transcriberContract(
  'openai',
  async () => {
    const fake = await startFakeOpenAiServer({ apiKey: 'sk-test-openai-secret' });
    return {
      transcriber: (opts) => openAi(fake, opts),
      misconfigured: () => openAi(fake, { apiKey: 'sk-wrong-openai-secret' }),
      configSetting: 'TRANSCRIBER_API_KEY',
      register: (audio) => fake.registerFixture(audio),
      hangNext: () => fake.hangNext(1),
      providerCalls: () => fake.hits,
      behave: () => fake.behave(),
      hosted: {
        failNext: (times) => fake.failNext(times, 503),
        unreachable: async () => openAi(fake, { baseUrl: await unusedLocalUrl() }),
        secrets: ['sk-test-openai-secret', 'sk-wrong-openai-secret'],
      },
      close: () => fake.close(),
    };
  },
  { hosted: true },
);

const tools = await audioToolsGate(STT_FIXTURE_TOOLS);

tools.describe('openai transcriber: what only the OpenAI-compatible API does', () => {
  let fake: FakeOpenAiServer;
  let work: string;
  let call: FixtureAudio;
  let stereo: TranscriptionInput;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    work = await mkdtemp(join(tmpdir(), 'stt-openai-'));
    ({ audio: call, stereo } = await prepareFixtureCall('discovery-demo-booked', work));
    fake.registerFixture(call);
  });
  afterAll(async () => {
    await fake?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.behave();
  });

  it('sends one verbose_json request per channel, with segment timestamps and no language unless known', async () => {
    await openAi(fake).transcribe(stereo);

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
    await openAi(fake, { baseUrl: `${fake.baseUrl}/v1/` }).transcribe({ ...stereo, language: 'en' });
    expect(fake.requests.map((r) => r.language)).toEqual(['en', 'en']);
  });

  it('keeps mono audio as one speaker even when two are expected (this API does not diarize)', async () => {
    const transcript = await openAi(fake).transcribe({
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

    const transcript = await openAi(fake).transcribe({
      channels: [{ path: back, speaker: 'Speaker 1' }],
      durationSec: call.durationSec,
    });

    expect(fake.requests[0]?.matched).toBe('discovery-demo-booked/left');
    expect(transcript.segments.every((s) => s.speaker === 'Speaker 1')).toBe(true);
  });

  it('maps 401 to a message naming TRANSCRIBER_API_KEY with the HTTP status', async () => {
    const err = await failure(openAi(fake, { apiKey: 'sk-wrong-secret' }).transcribe(stereo));
    expect(err.httpStatus).toBe(401);
    expect(err.userMessage).toBe(
      'The OpenAI-compatible transcription service rejected the API key (HTTP 401). Check TRANSCRIBER_API_KEY.',
    );
  });

  it('maps 429 to TEMPORARY once the quick retries are spent, honouring Retry-After', async () => {
    fake.failNext(3, 429, { 'retry-after': '0' });
    const hitsBefore = fake.hits;

    const err = await failure(openAi(fake, { retries: 2 }).transcribe(stereo));

    expect(err.kind).toBe('TEMPORARY');
    expect(err.httpStatus).toBe(429);
    expect(err.retryAfterSec).toBe(0);
    expect(fake.hits - hitsBefore).toBe(3);
  });

  it('says in the user message how long it waited when a request hangs past the time cap', async () => {
    fake.hangNext(1);
    const err = await failure(openAi(fake, { timeoutMs: 300 }).transcribe(stereo));
    expect(err.userMessage).toMatch(/did not answer within/);
  });

  it('reports an unreadable (non-JSON) answer as UNKNOWN with a clear message', async () => {
    fake.malformedNext(1);

    const err = await failure(openAi(fake).transcribe(stereo));

    expect(err.kind).toBe('UNKNOWN');
    expect(err.userMessage).toBe(
      'The OpenAI-compatible transcription service sent an answer that could not be read. Check that TRANSCRIBER_BASE_URL points at a compatible service.',
    );
    expect(err.detail).toMatch(/not JSON/);
  });

  it('reports JSON of the wrong shape as UNKNOWN', async () => {
    fake.malformedNext(1, JSON.stringify({ segments: [{ start: 'zero', end: 1, text: 'x' }] }));
    const err = await failure(openAi(fake).transcribe(stereo));
    expect(err.kind).toBe('UNKNOWN');
    expect(err.detail).toMatch(/unexpected verbose_json shape/);
  });

  it('maps a wrong base URL (404) to CONFIG naming TRANSCRIBER_BASE_URL', async () => {
    const err = await failure(openAi(fake, { baseUrl: `${fake.baseUrl}/not-openai` }).transcribe(stereo));
    expect(err.kind).toBe('CONFIG');
    expect(err.userMessage).toContain('TRANSCRIBER_BASE_URL');
  });

  it('names the unreachable host and the network cause', async () => {
    const err = await failure(openAi(fake, { baseUrl: await unusedLocalUrl() }).transcribe(stereo));
    expect(err.userMessage).toContain('Could not reach');
    expect(err.detail).toMatch(/ECONNREFUSED/);
  });
});
