// The Transcriber contract as a reusable vitest suite: every speech-to-text driver (local Whisper,
// OpenAI-compatible, Deepgram) runs the same cases against its fake provider, so they stay
// interchangeable for the pipeline: known fixture audio comes back as the known segments, provider
// failures are classified the same way (CONFIG / TEMPORARY / BAD_AUDIO), the caller's abort and the
// driver's own time cap are honoured, and no error carries a secret. What only one driver does
// (request shape, diarization, retries with Retry-After…) stays in that driver's own test file.
//
// The fixtures are synthesized with espeak-ng and sox and split with ffmpeg: without them the suite
// is skipped with the reason in its name, and fails on CI (see `audio-tools.ts`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import {
  TranscriptionError,
  type Transcriber,
  type TranscriptionInput,
} from '../adapters/transcription/transcriber.js';
import {
  generateFixtureAudio,
  loadCallFixture,
  splitStereoWithFfmpeg,
  type FixtureAudio,
} from '../modules/samples/sample-audio.js';
import { audioToolsGate, type AudioTool } from './audio-tools.js';

/** What the call fixtures need: espeak-ng and sox to speak them, ffmpeg to split them. */
export const STT_FIXTURE_TOOLS: AudioTool[] = ['espeak-ng', 'sox', 'ffmpeg'];

export type TranscriberContractHarness = {
  /** A correctly configured driver; `retries` and `timeoutMs` apply where the driver has them. */
  transcriber(opts?: { retries?: number; timeoutMs?: number }): Transcriber;
  /** A driver whose credentials or settings are wrong (bad API key, missing model file). */
  misconfigured(): Transcriber;
  /** The setting a CONFIG error must name, e.g. TRANSCRIBER_API_KEY or WHISPER_MODEL_PATH. */
  configSetting: string;
  /** Teaches the fake provider (vendor server or engine) a fixture call's audio. */
  register(audio: FixtureAudio): void;
  /** The provider's next call never answers on its own. */
  hangNext(): void;
  /** How many calls reached the provider so far (HTTP requests, engine runs). */
  providerCalls(): number;
  /** Drops scripted misbehaviour left unused by the previous case (run before each case). */
  behave(): void;
  /** Hosted (HTTP) providers only: the failures a network service adds. */
  hosted?: {
    /** The next `times` calls fail temporarily (HTTP 503). */
    failNext(times: number): void;
    /** A driver pointed at an address where nothing listens. */
    unreachable(): Promise<Transcriber>;
    /** Secrets in the configurations above (good and wrong API keys); no error may contain one. */
    secrets: string[];
  };
  close(): Promise<void>;
};

/** A fixture call synthesized, taught to nobody yet, and split per channel the way ffmpeg does. */
export async function prepareFixtureCall(
  fixtureId: string,
  workDir: string,
): Promise<{ audio: FixtureAudio; stereo: TranscriptionInput }> {
  const audio = await generateFixtureAudio(await loadCallFixture(fixtureId));
  // Split the way the pipeline does (ffmpeg), so fakes have to recognize re-encoded audio.
  const split = await splitStereoWithFfmpeg(audio.stereoPath, join(workDir, fixtureId));
  return {
    audio,
    stereo: {
      channels: [
        { path: split.leftPath, speaker: 'Speaker 1' },
        { path: split.rightPath, speaker: 'Speaker 2' },
      ],
      durationSec: audio.durationSec,
      numSpeakers: 2,
    },
  };
}

/** Awaits a promise that must reject with a TranscriptionError, and returns that error. */
export async function transcriptionFailure(p: Promise<unknown>): Promise<TranscriptionError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(TranscriptionError);
  return e as TranscriptionError;
}

/** Registers the contract's cases for one driver; call with top-level await in the driver's test file. */
export async function transcriberContract(
  name: string,
  setup: () => Promise<TranscriberContractHarness>,
  traits: { hosted: boolean },
): Promise<void> {
  const tools = await audioToolsGate(STT_FIXTURE_TOOLS);
  tools.describe(`${name} transcriber: the Transcriber contract`, () => {
    let h: TranscriberContractHarness;
    let work: string;
    let call: FixtureAudio;
    let stereo: TranscriptionInput;
    let french: FixtureAudio;
    let notAudio: TranscriptionInput;

    beforeAll(async () => {
      h = await setup();
      work = await mkdtemp(join(tmpdir(), `stt-contract-${name}-`));
      ({ audio: call, stereo } = await prepareFixtureCall('discovery-demo-booked', work));
      french = await generateFixtureAudio(await loadCallFixture('rendez-vous-fr'));
      h.register(call);
      h.register(french);
      const fake = join(work, 'not-audio.wav');
      await writeFile(fake, 'ID3 this is an mp3, honest');
      notAudio = { channels: [{ path: fake, speaker: 'Speaker 1' }], durationSec: 3 };
    });
    beforeEach(() => h.behave());
    afterAll(async () => {
      await h?.close();
      if (work) await rm(work, { recursive: true, force: true });
    });

    const hosted = () => {
      if (!h.hosted) throw new Error(`${name}: a hosted provider's harness must provide \`hosted\``);
      return h.hosted;
    };

    it('transcribes a stereo call per channel into its known segments, in time order, with progress', async () => {
      const progress: number[] = [];
      const transcript = await h.transcriber().transcribe(stereo, { onProgress: (p) => progress.push(p) });

      expect(transcript.segments).toEqual(call.expectedSegments);
      expect(transcript.text).toBe(call.expectedSegments.map((s) => s.text).join(' '));
      expect(transcript.language).toBe('en');
      expect(progress).toEqual([0, 50, 100]);
    });

    it('labels each channel with the speaker names it is given and keeps the language it is told', async () => {
      const transcript = await h.transcriber().transcribe({
        channels: [
          { path: french.leftPath, speaker: 'Agent' },
          { path: french.rightPath, speaker: 'Client' },
        ],
        durationSec: french.durationSec,
        language: 'fr',
      });

      expect(transcript.language).toBe('fr');
      expect(transcript.segments).toEqual(
        french.expectedSegments.map((s) => ({
          ...s,
          speaker: s.speaker === 'Speaker 1' ? 'Agent' : 'Client',
        })),
      );
    });

    it('refuses an input without any channel as BAD_AUDIO', async () => {
      const err = await transcriptionFailure(h.transcriber().transcribe({ channels: [], durationSec: 1 }));
      expect(err.kind).toBe('BAD_AUDIO');
      expect(err.retryable).toBe(false);
    });

    it('classifies audio the provider cannot decode as BAD_AUDIO, not worth a retry', async () => {
      const err = await transcriptionFailure(h.transcriber().transcribe(notAudio));
      expect(err.kind).toBe('BAD_AUDIO');
      expect(err.retryable).toBe(false);
      expect(err.provider).toBe(name);
    });

    it('classifies rejected credentials or settings as CONFIG, naming the setting to change', async () => {
      const err = await transcriptionFailure(h.misconfigured().transcribe(stereo));
      expect(err.kind).toBe('CONFIG');
      expect(err.retryable).toBe(false);
      expect(err.provider).toBe(name);
      expect(err.userMessage).toContain(h.configSetting);
    });

    it('stops with the caller’s abort reason, not a transcription error', async () => {
      h.hangNext();
      const controller = new AbortController();
      const before = h.providerCalls();
      const pending = h.transcriber().transcribe(stereo, { signal: controller.signal });
      // Abort while the provider holds the call, not before the call reaches it.
      await vi.waitFor(() => expect(h.providerCalls()).toBeGreaterThan(before), { timeout: 10_000 });
      controller.abort(new Error('job cancelled'));
      const e = await pending.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(Error);
      expect(e).not.toBeInstanceOf(TranscriptionError);
      expect((e as Error).message).toBe('job cancelled');
    });

    it('does not call the provider once the caller has already aborted', async () => {
      const controller = new AbortController();
      controller.abort(new Error('shutting down'));
      const before = h.providerCalls();
      await expect(h.transcriber().transcribe(stereo, { signal: controller.signal })).rejects.toThrow(
        'shutting down',
      );
      expect(h.providerCalls()).toBe(before);
    });

    if (!traits.hosted) return;

    it('classifies a temporary provider failure (HTTP 503) as TEMPORARY once its retries are spent', async () => {
      hosted().failNext(1);
      const err = await transcriptionFailure(h.transcriber({ retries: 0 }).transcribe(stereo));
      expect(err.kind).toBe('TEMPORARY');
      expect(err.retryable).toBe(true);
      expect(err.provider).toBe(name);
    });

    it('retries a temporary failure and returns the transcript when the provider recovers', async () => {
      hosted().failNext(1);
      const transcript = await h.transcriber({ retries: 1 }).transcribe(stereo);
      expect(transcript.segments).toEqual(call.expectedSegments);
    });

    it('classifies an unreachable provider as TEMPORARY', async () => {
      const err = await transcriptionFailure((await hosted().unreachable()).transcribe(stereo));
      expect(err.kind).toBe('TEMPORARY');
      expect(err.retryable).toBe(true);
    });

    it('gives up on a call that hangs past its time cap as TEMPORARY', async () => {
      h.hangNext();
      const err = await transcriptionFailure(h.transcriber({ timeoutMs: 200 }).transcribe(stereo));
      expect(err.kind).toBe('TEMPORARY');
      expect(err.retryable).toBe(true);
      expect(err.detail).toMatch(/timed out after 200 ms/);
    });

    it('never puts an API key in an error, whatever failed', async () => {
      const { secrets, failNext, unreachable } = hosted();
      expect(secrets.length).toBeGreaterThan(0);
      const errors = [
        await transcriptionFailure(h.misconfigured().transcribe(stereo)),
        await transcriptionFailure(h.transcriber().transcribe(notAudio)),
        await transcriptionFailure((await unreachable()).transcribe(stereo)),
      ];
      failNext(1);
      errors.push(await transcriptionFailure(h.transcriber({ retries: 0 }).transcribe(stereo)));
      // Last: a hang that never reached the provider must not hold up another call here.
      h.hangNext();
      errors.push(await transcriptionFailure(h.transcriber({ timeoutMs: 200 }).transcribe(stereo)));
      expect(errors.map((e) => e.kind)).toEqual([
        'CONFIG',
        'BAD_AUDIO',
        'TEMPORARY',
        'TEMPORARY',
        'TEMPORARY',
      ]);
      for (const e of errors) {
        const text = `${e.userMessage}\n${e.detail}\n${e.message}\n${String(e.cause)}\n${JSON.stringify(e)}`;
        for (const secret of secrets) expect(text).not.toContain(secret);
      }
    });
  });
}
