/**
 * Test support: recognizing fixture audio after the pipeline has re-encoded it. Byte hashes break
 * as soon as ffmpeg touches a file, so the fake transcription servers match an upload by what
 * survives re-encoding: its duration and WHERE it is voiced. An upload's "activity signature"
 * (50 ms frames, voiced when louder than a fraction of the loudest frame, short gaps closed) is
 * compared with the signature implied by each registered entry's segments (intersection over
 * union). Left channel, right channel and mono mix of the same call have the same duration but
 * very different activity, so they are told apart reliably.
 */
import { createHash } from 'node:crypto';
import type { Segment } from '@call-insights/contracts/transcript';
import { decodeWavMono, parseWavHeader } from '../adapters/transcription/wav.js';

export type ActivitySignature = { durationSec: number; voiced: Uint8Array };

export type RegisteredAudio = {
  /** For logs and assertions, e.g. "discovery-demo-booked/left". */
  label: string;
  durationSec: number;
  /** What the fake answers for this audio; times relative to the uploaded file. */
  segments: Segment[];
  language: string;
};

export type AudioMatch =
  | { ok: true; entry: RegisteredAudio; score: number; durationSec: number }
  | { ok: false; reason: string; durationSec?: number };

export type AudioMatcherOptions = {
  /** Allowed |uploaded − registered| duration, seconds. Default 0.5. */
  durationToleranceSec?: number;
  /** Lowest activity overlap accepted (0–1). Default 0.8 (own audio scores ≥ 0.95; the other channel or the mono mix of the same call ≤ 0.7). */
  minScore?: number;
};

const FRAME_SEC = 0.05;
/** Pauses inside one turn (commas, between sentences) shorter than this count as speech. */
const CLOSE_GAPS_SEC = 0.35;

export function signatureFromWav(buf: Uint8Array): ActivitySignature {
  const info = parseWavHeader(buf);
  const samples = decodeWavMono(buf, info);
  const frameLen = Math.max(1, Math.round(FRAME_SEC * info.sampleRate));
  const frames = Math.ceil(samples.length / frameLen);
  const rms = new Float32Array(frames);
  let max = 0;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const end = Math.min(samples.length, (f + 1) * frameLen);
    for (let i = f * frameLen; i < end; i++) sum += (samples[i] as number) ** 2;
    const value = Math.sqrt(sum / Math.max(1, end - f * frameLen));
    rms[f] = value;
    if (value > max) max = value;
  }
  const threshold = Math.max(1e-3, max * 0.05);
  const voiced = new Uint8Array(frames);
  for (let f = 0; f < frames; f++) voiced[f] = (rms[f] as number) > threshold ? 1 : 0;
  return { durationSec: info.durationSec, voiced: closeGaps(voiced) };
}

export function signatureFromSegments(
  segments: Pick<Segment, 'start' | 'end'>[],
  durationSec: number,
): ActivitySignature {
  const frames = Math.ceil(durationSec / FRAME_SEC);
  const voiced = new Uint8Array(frames);
  for (const s of segments) {
    const from = Math.max(0, Math.floor(s.start / FRAME_SEC));
    const to = Math.min(frames, Math.ceil(s.end / FRAME_SEC));
    for (let f = from; f < to; f++) voiced[f] = 1;
  }
  return { durationSec, voiced: closeGaps(voiced) };
}

/** Intersection over union of voiced frames (1 = same activity, 0 = disjoint). */
export function activityOverlap(a: ActivitySignature, b: ActivitySignature): number {
  const n = Math.max(a.voiced.length, b.voiced.length);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < n; i++) {
    const x = a.voiced[i] ?? 0;
    const y = b.voiced[i] ?? 0;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/** A table of known audio, looked up by exact SHA-256 first, then by duration + activity. */
export class AudioMatcher {
  private readonly bySha = new Map<string, RegisteredAudio>();
  private readonly entries: { entry: RegisteredAudio; signature: ActivitySignature }[] = [];
  private readonly tolerance: number;
  private readonly minScore: number;

  constructor(options: AudioMatcherOptions = {}) {
    this.tolerance = options.durationToleranceSec ?? 0.5;
    this.minScore = options.minScore ?? 0.8;
  }

  /** Exact bytes: only for audio nobody re-encodes. */
  registerSha256(sha256: string, entry: RegisteredAudio): void {
    this.bySha.set(sha256.toLowerCase(), entry);
  }

  /** Matched by duration and activity, so it survives ffmpeg. */
  register(entry: RegisteredAudio): void {
    this.entries.push({ entry, signature: signatureFromSegments(entry.segments, entry.durationSec) });
  }

  clear(): void {
    this.bySha.clear();
    this.entries.length = 0;
  }

  match(buf: Uint8Array): AudioMatch {
    const sha = createHash('sha256').update(buf).digest('hex');
    const exact = this.bySha.get(sha);
    let signature: ActivitySignature;
    try {
      signature = signatureFromWav(buf);
    } catch (e) {
      if (exact) return { ok: true, entry: exact, score: 1, durationSec: exact.durationSec };
      return { ok: false, reason: `not a readable WAV file: ${e instanceof Error ? e.message : String(e)}` };
    }
    if (exact) return { ok: true, entry: exact, score: 1, durationSec: signature.durationSec };
    let best: { entry: RegisteredAudio; score: number } | undefined;
    for (const candidate of this.entries) {
      if (Math.abs(candidate.entry.durationSec - signature.durationSec) > this.tolerance) continue;
      const score = activityOverlap(signature, candidate.signature);
      if (!best || score > best.score) best = { entry: candidate.entry, score };
    }
    if (best && best.score >= this.minScore) {
      return { ok: true, entry: best.entry, score: best.score, durationSec: signature.durationSec };
    }
    return {
      ok: false,
      durationSec: signature.durationSec,
      reason: best
        ? `closest registered audio "${best.entry.label}" overlaps only ${best.score.toFixed(2)}`
        : `no registered audio lasts ${signature.durationSec.toFixed(2)} s`,
    };
  }
}

/**
 * The entries a fake should know for one fixture call: its left channel (Speaker 1's turns), its
 * right channel (Speaker 2's turns) and its mono mix (all turns, speaker labels kept for diarization).
 */
export function fixtureAudioEntries(audio: {
  fixtureId: string;
  durationSec: number;
  language: string;
  expectedSegments: Segment[];
}): RegisteredAudio[] {
  const side = (speaker: string) => audio.expectedSegments.filter((s) => s.speaker === speaker);
  return [
    { label: `${audio.fixtureId}/left`, segments: side('Speaker 1') },
    { label: `${audio.fixtureId}/right`, segments: side('Speaker 2') },
    { label: `${audio.fixtureId}/mono`, segments: audio.expectedSegments },
  ].map((e) => ({ ...e, durationSec: audio.durationSec, language: audio.language }));
}

function closeGaps(voiced: Uint8Array): Uint8Array {
  const maxGap = Math.round(CLOSE_GAPS_SEC / FRAME_SEC);
  let lastVoiced = -1;
  for (let i = 0; i < voiced.length; i++) {
    if (!voiced[i]) continue;
    if (lastVoiced >= 0 && i - lastVoiced - 1 <= maxGap) voiced.fill(1, lastVoiced + 1, i);
    lastVoiced = i;
  }
  return voiced;
}
