/**
 * Test support: a stand-in for the local whisper.cpp engine (`WhisperEngine`) that knows the call
 * fixtures the way the fake vendor servers do: it turns the samples it is given back into a WAV and
 * recognizes them by duration and activity (`AudioMatcher`), then answers the registered segments.
 * Unknown audio gets an empty transcript, as Whisper gives for silence. `hangNext` makes the next
 * call wait until the caller aborts, and then reject with the caller's reason like the real engine.
 */
import { encodeWav16 } from '../adapters/transcription/wav.js';
import type { WhisperEngine, WhisperEngineResult } from '../adapters/transcription/whisper-engine.js';
import { AudioMatcher, fixtureAudioEntries } from './stt-audio-match.js';
import type { FixtureAudioLike } from './stt-fake-openai-server.js';

export type FakeWhisperEngine = WhisperEngine & {
  /** Knows one fixture call: its left channel, right channel and mono mix. */
  registerFixture(audio: FixtureAudioLike): void;
  /** The next `times` transcriptions never finish on their own. */
  hangNext(times: number): void;
  /** Forgets hangs no transcription has used yet. */
  behave(): void;
  /** Model paths loaded, and the label of the audio each transcription matched (or null). */
  readonly calls: { load: string[]; matched: (string | null)[]; languages: (string | undefined)[] };
};

const SAMPLE_RATE = 16_000;

export function createFakeWhisperEngine(): FakeWhisperEngine {
  const matcher = new AudioMatcher();
  const calls: FakeWhisperEngine['calls'] = { load: [], matched: [], languages: [] };
  let hangs = 0;
  return {
    calls,
    registerFixture(audio) {
      for (const entry of fixtureAudioEntries(audio)) matcher.register(entry);
    },
    hangNext(times) {
      hangs += times;
    },
    behave() {
      hangs = 0;
    },
    async load(modelPath) {
      calls.load.push(modelPath);
    },
    async transcribe(samples, opts): Promise<WhisperEngineResult> {
      calls.languages.push(opts.language);
      if (hangs > 0) {
        hangs--;
        calls.matched.push(null);
        return new Promise<WhisperEngineResult>((_resolve, reject) => {
          const signal = opts.signal;
          if (signal?.aborted) reject(signal.reason);
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      const match = matcher.match(encodeWav16(SAMPLE_RATE, [toInt16(samples)]));
      calls.matched.push(match.ok ? match.entry.label : null);
      if (!match.ok) return { segments: [], text: '', language: undefined };
      const segments = match.entry.segments.map(({ start, end, text }) => ({ start, end, text: ` ${text}` }));
      return {
        segments,
        text: match.entry.segments.map((s) => s.text).join(' '),
        language: match.entry.language,
      };
    },
    async close() {},
  };
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    out[i] = Math.max(-32768, Math.min(32767, Math.round((samples[i] as number) * 32768)));
  }
  return out;
}
