import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { audioToolsGate } from '../../test-support/audio-tools.js';
import {
  startFakeDeepgramServer,
  type FakeDeepgramServer,
} from '../../test-support/stt-fake-deepgram-server.js';
import { unusedLocalUrl } from '../../test-support/stt-fake-server-kit.js';
import {
  prepareFixtureCall,
  STT_FIXTURE_TOOLS,
  transcriberContract,
  transcriptionFailure as failure,
} from '../../test-support/stt-transcriber-contract.js';
import {
  generateFixtureAudio,
  loadCallFixture,
  type FixtureAudio,
} from '../../modules/samples/sample-audio.js';
import { createDeepgramTranscriber, type DeepgramTranscriberOptions } from './deepgram-transcriber.js';
import type { TranscriptionInput } from './transcriber.js';

function deepgram(fake: FakeDeepgramServer, overrides: Partial<DeepgramTranscriberOptions> = {}) {
  return createDeepgramTranscriber({
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    model: '',
    retries: 0,
    retryDelayMs: 1,
    ...overrides,
  });
}

await transcriberContract(
  'deepgram',
  async () => {
    const fake = await startFakeDeepgramServer({ apiKey: 'dg-test-deepgram-secret' });
    return {
      transcriber: (opts) => deepgram(fake, opts),
      misconfigured: () => deepgram(fake, { apiKey: 'dg-wrong-deepgram-secret' }),
      configSetting: 'TRANSCRIBER_API_KEY',
      register: (audio) => fake.registerFixture(audio),
      hangNext: () => fake.hangNext(1),
      providerCalls: () => fake.hits,
      behave: () => fake.behave(),
      hosted: {
        failNext: (times) => fake.failNext(times, 503),
        unreachable: async () => deepgram(fake, { baseUrl: await unusedLocalUrl() }),
        secrets: ['dg-test-deepgram-secret', 'dg-wrong-deepgram-secret'],
      },
      close: () => fake.close(),
    };
  },
  { hosted: true },
);

const tools = await audioToolsGate(STT_FIXTURE_TOOLS);

tools.describe('deepgram transcriber: what only Deepgram does', () => {
  let fake: FakeDeepgramServer;
  let work: string;
  let call: FixtureAudio;
  let stereo: TranscriptionInput;

  beforeAll(async () => {
    fake = await startFakeDeepgramServer();
    work = await mkdtemp(join(tmpdir(), 'stt-deepgram-'));
    ({ audio: call, stereo } = await prepareFixtureCall('roofing-price-follow-up', work));
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

  it('sends each channel on its own as a WAV body, with utterances and language detection', async () => {
    await deepgram(fake).transcribe(stereo);

    expect(fake.requests.map((r) => r.matched)).toEqual([
      'roofing-price-follow-up/left',
      'roofing-price-follow-up/right',
    ]);
    expect(fake.requests[0]).toMatchObject({
      contentType: 'audio/wav',
      query: {
        model: 'nova-3',
        diarize: 'false',
        multichannel: 'false',
        punctuate: 'true',
        utterances: 'true',
        detect_language: 'true',
      },
    });
  });

  it('diarizes mono audio when two speakers are expected: speaker 0/1 → "Speaker 1"/"Speaker 2"', async () => {
    const transcript = await deepgram(fake, { model: 'nova-2' }).transcribe({
      channels: [{ path: call.monoPath, speaker: 'Speaker 1' }],
      durationSec: call.durationSec,
      numSpeakers: 2,
      language: 'en',
    });

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.query).toMatchObject({ model: 'nova-2', diarize: 'true', language: 'en' });
    expect(fake.requests[0]?.query.detect_language).toBeUndefined();
    expect(transcript.segments).toEqual(call.expectedSegments);
    expect(new Set(transcript.segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
  });

  it('does not ask for diarization on mono audio with one expected speaker', async () => {
    const transcript = await deepgram(fake).transcribe({
      channels: [{ path: call.monoPath, speaker: 'Caller' }],
      durationSec: call.durationSec,
    });

    expect(fake.requests[0]?.query.diarize).toBe('false');
    expect(new Set(transcript.segments.map((s) => s.speaker))).toEqual(new Set(['Caller']));
  });

  it('maps 401 to a message naming Deepgram and TRANSCRIBER_API_KEY', async () => {
    const err = await failure(deepgram(fake, { apiKey: 'wrong' }).transcribe(stereo));
    expect(err.userMessage).toBe('Deepgram rejected the API key (HTTP 401). Check TRANSCRIBER_API_KEY.');
  });

  it('maps an HTML error page to UNKNOWN, and real speech it cannot process (400) to BAD_AUDIO', async () => {
    fake.malformedNext(1);
    expect((await failure(deepgram(fake).transcribe(stereo))).kind).toBe('UNKNOWN');

    const other = await generateFixtureAudio(await loadCallFixture('software-not-interested'));
    const err = await failure(
      deepgram(fake).transcribe({
        channels: [{ path: other.leftPath, speaker: 'Speaker 1' }],
        durationSec: other.durationSec,
      }),
    );
    expect(err.kind).toBe('BAD_AUDIO');
  });

  it('falls back to words grouped by speaker when Deepgram sends no utterances', async () => {
    const word = (w: string, start: number, speaker: number) => ({
      word: w,
      punctuated_word: w,
      start,
      end: start + 0.3,
      speaker,
    });
    fake.malformedNext(
      1,
      JSON.stringify({
        metadata: { duration: 5 },
        results: {
          channels: [
            {
              alternatives: [
                {
                  transcript: 'Hello there. Hi.',
                  words: [word('Hello', 0.5, 0), word('there.', 0.9, 0), word('Hi.', 2.0, 1)],
                },
              ],
            },
          ],
        },
      }),
    );

    const transcript = await deepgram(fake).transcribe({
      channels: [{ path: call.monoPath, speaker: 'Speaker 1' }],
      durationSec: call.durationSec,
      numSpeakers: 2,
    });

    expect(transcript.segments).toEqual([
      { speaker: 'Speaker 1', start: 0.5, end: 1.2, text: 'Hello there.' },
      { speaker: 'Speaker 2', start: 2.0, end: 2.3, text: 'Hi.' },
    ]);
  });
});
