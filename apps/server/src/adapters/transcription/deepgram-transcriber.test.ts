import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeDeepgramServer,
  type FakeDeepgramServer,
} from '../../test-support/stt-fake-deepgram-server.js';
import {
  generateFixtureAudio,
  hasAudioTools,
  loadCallFixture,
  splitStereoWithFfmpeg,
  type FixtureAudio,
} from '../../modules/samples/sample-audio.js';
import { createDeepgramTranscriber, type DeepgramTranscriberOptions } from './deepgram-transcriber.js';
import { TranscriptionError, type TranscriptionInput } from './transcriber.js';

const tools = await hasAudioTools();

describe.skipIf(!tools)('deepgram transcriber against the fake Deepgram server', () => {
  let fake: FakeDeepgramServer;
  let work: string;
  let call: FixtureAudio;
  let stereo: TranscriptionInput;

  beforeAll(async () => {
    fake = await startFakeDeepgramServer();
    work = await mkdtemp(join(tmpdir(), 'stt-deepgram-'));
    call = await generateFixtureAudio(await loadCallFixture('roofing-price-follow-up'));
    fake.registerFixture(call);
    const split = await splitStereoWithFfmpeg(call.stereoPath, work);
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

  const make = (overrides: Partial<DeepgramTranscriberOptions> = {}) =>
    createDeepgramTranscriber({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      model: '',
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

  it('sends each channel on its own and labels it with the channel speaker', async () => {
    const progress: number[] = [];
    const transcript = await make().transcribe(stereo, { onProgress: (p) => progress.push(p) });

    expect(transcript.segments).toEqual(call.expectedSegments);
    expect(transcript.text).toBe(call.expectedSegments.map((s) => s.text).join(' '));
    expect(transcript.language).toBe('en');
    expect(progress).toEqual([0, 50, 100]);
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
    const transcript = await make({ model: 'nova-2' }).transcribe({
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
    const transcript = await make().transcribe({
      channels: [{ path: call.monoPath, speaker: 'Caller' }],
      durationSec: call.durationSec,
    });

    expect(fake.requests[0]?.query.diarize).toBe('false');
    expect(new Set(transcript.segments.map((s) => s.speaker))).toEqual(new Set(['Caller']));
  });

  it('maps 401 to CONFIG naming TRANSCRIBER_API_KEY', async () => {
    const err = await failure(make({ apiKey: 'wrong' }).transcribe(stereo));
    expect(err.kind).toBe('CONFIG');
    expect(err.provider).toBe('deepgram');
    expect(err.userMessage).toBe('Deepgram rejected the API key (HTTP 401). Check TRANSCRIBER_API_KEY.');
  });

  it('maps 503 to TEMPORARY and retries it', async () => {
    fake.failNext(1, 503);
    const ok = await make({ retries: 1 }).transcribe(stereo);
    expect(ok.segments).toHaveLength(call.expectedSegments.length);

    fake.failNext(2, 503);
    const err = await failure(make({ retries: 1 }).transcribe(stereo));
    expect(err.kind).toBe('TEMPORARY');
    expect(err.httpStatus).toBe(503);
  });

  it('maps an HTML error page to UNKNOWN and unknown audio to BAD_AUDIO', async () => {
    fake.malformedNext(1);
    expect((await failure(make().transcribe(stereo))).kind).toBe('UNKNOWN');

    const other = await generateFixtureAudio(await loadCallFixture('software-not-interested'));
    const err = await failure(
      make().transcribe({
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

    const transcript = await make().transcribe({
      channels: [{ path: call.monoPath, speaker: 'Speaker 1' }],
      durationSec: call.durationSec,
      numSpeakers: 2,
    });

    expect(transcript.segments).toEqual([
      { speaker: 'Speaker 1', start: 0.5, end: 1.2, text: 'Hello there.' },
      { speaker: 'Speaker 2', start: 2.0, end: 2.3, text: 'Hi.' },
    ]);
  });

  it('times out a hanging request as TEMPORARY', async () => {
    fake.hangNext(1);
    const err = await failure(make({ timeoutMs: 200 }).transcribe(stereo));
    expect(err.kind).toBe('TEMPORARY');
  });
});
