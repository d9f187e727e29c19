/**
 * The speech-to-text port: the `Transcriber` contract every provider implements, the input it
 * takes (one 16 kHz mono WAV per channel, each channel one speaker), the classified
 * `TranscriptionError`, and the helpers that turn per-channel segments into one `Transcript`.
 */
import type { ErrorCode } from '@call-insights/contracts/errors';
import { DomainError } from '../../errors.js';
import type { Segment, Transcript } from '@call-insights/contracts/transcript';

export type TranscriptionChannel = {
  /** 16 kHz mono WAV (PCM), as produced by the pipeline's ffmpeg normalization. */
  path: string;
  /** Label given to every segment of this channel, e.g. "Speaker 1". */
  speaker: string;
};

export type TranscriptionInput = {
  channels: TranscriptionChannel[];
  durationSec: number;
  /** Expected number of speakers; with one channel and more than one speaker, diarize if the provider can. */
  numSpeakers?: number;
  /** ISO 639-1 code ("en", "fr"); omitted = let the engine detect it. */
  language?: string;
};

export type TranscribeOptions = {
  signal?: AbortSignal;
  /** 0–100, monotonic; coarse (per channel) for most providers. */
  onProgress?: (pct: number) => void;
};

export type Transcriber = {
  name: string;
  transcribe(input: TranscriptionInput, opts?: TranscribeOptions): Promise<Transcript>;
  /** Frees long-lived resources (the local Whisper engine process); safe to call more than once. */
  close?(): Promise<void>;
};

/**
 * TEMPORARY: retry later (rate limit, 5xx, network, timeout). CONFIG: an operator must change a
 * setting (key, URL, model). BAD_AUDIO: this recording cannot be transcribed as is. UNKNOWN: anything else.
 */
export type TranscriptionErrorKind = 'CONFIG' | 'TEMPORARY' | 'BAD_AUDIO' | 'UNKNOWN';

export type TranscriptionErrorInit = {
  kind: TranscriptionErrorKind;
  /** Shown to users: says what happened and what to configure. Never contains secrets. */
  userMessage: string;
  /** Values of the message's `{name}` placeholders (it is translated by its English text). */
  params?: Record<string, string | number>;
  /** For logs: vendor status, URL, body excerpt. Never contains the API key. */
  detail: string;
  provider?: string;
  httpStatus?: number;
  /** Seconds the vendor asked us to wait (Retry-After), when it said so. */
  retryAfterSec?: number;
  cause?: unknown;
};

/** The HTTP meaning of each kind: the speech engine is unavailable, or the audio is unusable. */
const ERROR_CODE: Record<TranscriptionErrorKind, ErrorCode> = {
  CONFIG: 'UNAVAILABLE',
  TEMPORARY: 'UNAVAILABLE',
  BAD_AUDIO: 'UNPROCESSABLE',
  UNKNOWN: 'INTERNAL',
};

export class TranscriptionError extends DomainError {
  override readonly name = 'TranscriptionError';
  readonly kind: TranscriptionErrorKind;
  readonly provider: string | undefined;
  readonly httpStatus: number | undefined;
  readonly retryAfterSec: number | undefined;

  constructor(init: TranscriptionErrorInit) {
    // Only TEMPORARY failures are worth retrying without someone changing something first.
    super(ERROR_CODE[init.kind], init.userMessage, {
      retryable: init.kind === 'TEMPORARY',
      detail: init.detail,
      ...(init.params ? { params: init.params } : {}),
      cause: init.cause,
    });
    this.kind = init.kind;
    this.provider = init.provider;
    this.httpStatus = init.httpStatus;
    this.retryAfterSec = init.retryAfterSec;
  }
}

export const isTranscriptionError = (e: unknown): e is TranscriptionError => e instanceof TranscriptionError;

/** Segments of one channel, before they carry a speaker label. */
export type TimedText = { start: number; end: number; text: string };

/**
 * Labels each channel's segments with that channel's speaker, merges them by start time (ties
 * keep channel order), drops empty text, and joins the text with spaces.
 */
export function mergeChannelSegments(
  perChannel: { speaker: string; segments: TimedText[] }[],
  language?: string,
): Transcript {
  const labelled: { seg: Segment; channel: number; index: number }[] = [];
  perChannel.forEach((channel, channelIndex) => {
    channel.segments.forEach((s, index) => {
      const text = s.text.trim();
      if (!text) return;
      const start = Math.max(0, s.start);
      labelled.push({
        seg: { speaker: channel.speaker, start, end: Math.max(start, s.end), text },
        channel: channelIndex,
        index,
      });
    });
  });
  labelled.sort((a, b) => a.seg.start - b.seg.start || a.channel - b.channel || a.index - b.index);
  const segments = labelled.map((l) => l.seg);
  return toTranscript(segments, language);
}

/** Builds a transcript from already-labelled segments (diarized mono). */
export function toTranscript(segments: Segment[], language?: string): Transcript {
  const clean = segments
    .map((s) => ({ ...s, text: s.text.trim() }))
    .filter((s) => s.text.length > 0)
    .sort((a, b) => a.start - b.start);
  const transcript: Transcript = { segments: clean, text: clean.map((s) => s.text).join(' ') };
  if (language) transcript.language = language;
  return transcript;
}

/** Vendors name languages either "en" or "english"; the app stores ISO 639-1 codes when it can. */
export function normalizeLanguage(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (/^[a-z]{2}(-[a-z]{2})?$/.test(v)) return v.slice(0, 2);
  return LANGUAGE_NAMES[v] ?? v;
}

const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en',
  french: 'fr',
  spanish: 'es',
  german: 'de',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  polish: 'pl',
  russian: 'ru',
  japanese: 'ja',
  chinese: 'zh',
  korean: 'ko',
  arabic: 'ar',
  hindi: 'hi',
  turkish: 'tr',
  swedish: 'sv',
};

/** Throws the caller's abort reason unchanged: cancellation is not a transcription failure. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason;
}

/** Guards the input shape every provider relies on. */
export function assertValidInput(input: TranscriptionInput, provider: string): void {
  if (input.channels.length === 0) {
    throw new TranscriptionError({
      kind: 'BAD_AUDIO',
      provider,
      userMessage: 'The recording has no audio channel to transcribe.',
      detail: 'TranscriptionInput.channels is empty',
    });
  }
}

/** The slice of a pino logger the adapters use (a pino `Logger` fits). */
export type TranscriptionLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
};
