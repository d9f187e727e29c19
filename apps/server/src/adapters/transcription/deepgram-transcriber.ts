/**
 * Provider `deepgram`: Deepgram's prerecorded API (`POST /v1/listen`). Each channel file is sent
 * on its own and labelled with its channel's speaker; a mono recording with more than one expected
 * speaker is sent with diarization on and Deepgram's speaker numbers (0, 1, …) become
 * "Speaker 1", "Speaker 2", ….
 */
import { z } from 'zod';
import type { Segment, Transcript } from '@call-insights/contracts/transcript';
import {
  joinApiUrl,
  openChannelFile,
  postJson,
  unreadableAnswer,
  type ProviderHttpSettings,
} from './provider-http.js';
import {
  assertValidInput,
  mergeChannelSegments,
  normalizeLanguage,
  throwIfAborted,
  toTranscript,
  type TimedText,
  type TranscribeOptions,
  type Transcriber,
  type TranscriptionInput,
} from './transcriber.js';

export type DeepgramTranscriberOptions = {
  /** Empty → https://api.deepgram.com */
  baseUrl: string;
  apiKey: string;
  /** Empty → nova-3 */
  model: string;
  /** Time cap per request (one channel); default 10 minutes. */
  timeoutMs?: number;
  /** Quick retries of TEMPORARY failures per request; default 2. */
  retries?: number;
  retryDelayMs?: number;
};

export const DEFAULT_DEEPGRAM_BASE_URL = 'https://api.deepgram.com';
export const DEFAULT_DEEPGRAM_MODEL = 'nova-3';

const DeepgramWord = z.object({
  word: z.string(),
  punctuated_word: z.string().optional(),
  start: z.number(),
  end: z.number(),
  speaker: z.number().int().nonnegative().optional(),
});

const DeepgramUtterance = z.object({
  start: z.number(),
  end: z.number(),
  transcript: z.string(),
  speaker: z.number().int().nonnegative().optional(),
  channel: z.number().int().nonnegative().optional(),
});

/** The part of the prerecorded answer we use; other fields are ignored. */
export const DeepgramListenResponse = z.object({
  metadata: z.object({ duration: z.number().optional() }).optional(),
  results: z.object({
    channels: z.array(
      z.object({
        detected_language: z.string().optional(),
        alternatives: z.array(z.object({ transcript: z.string(), words: z.array(DeepgramWord).optional() })),
      }),
    ),
    utterances: z.array(DeepgramUtterance).optional(),
  }),
});
export type DeepgramListenResponse = z.infer<typeof DeepgramListenResponse>;

type LabelledText = TimedText & { speaker?: number };

export function createDeepgramTranscriber(options: DeepgramTranscriberOptions): Transcriber {
  const endpoint = joinApiUrl(options.baseUrl.trim() || DEFAULT_DEEPGRAM_BASE_URL, 'listen');
  const model = options.model.trim() || DEFAULT_DEEPGRAM_MODEL;
  const http: ProviderHttpSettings = {
    provider: 'deepgram',
    displayName: 'Deepgram',
    timeoutMs: options.timeoutMs ?? 10 * 60_000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 1000,
  };

  async function listen(
    path: string,
    params: { diarize: boolean; language: string | undefined },
    durationSec: number,
    signal: AbortSignal | undefined,
  ): Promise<{ parts: LabelledText[]; language: string | undefined }> {
    const query = new URLSearchParams({
      model,
      punctuate: 'true',
      utterances: 'true',
      diarize: String(params.diarize),
      multichannel: 'false',
    });
    if (params.language) query.set('language', params.language);
    else query.set('detect_language', 'true');
    const url = `${endpoint}?${query.toString()}`;
    const body = await openChannelFile(path, 'deepgram');
    const json = await postJson(http, {
      url,
      signal,
      init: () => ({
        headers: { authorization: `Token ${options.apiKey}`, 'content-type': 'audio/wav' },
        body,
      }),
    });
    const parsed = DeepgramListenResponse.safeParse(json);
    if (!parsed.success) {
      throw unreadableAnswer(http, url, `unexpected /v1/listen shape: ${z.prettifyError(parsed.error)}`);
    }
    const answer = parsed.data;
    const channel = answer.results.channels[0];
    return {
      parts: toParts(answer, durationSec),
      language: normalizeLanguage(channel?.detected_language),
    };
  }

  return {
    name: 'deepgram',
    async transcribe(input: TranscriptionInput, opts: TranscribeOptions = {}): Promise<Transcript> {
      assertValidInput(input, 'deepgram');
      const language = normalizeLanguage(input.language);
      opts.onProgress?.(0);
      const [only] = input.channels;
      if (input.channels.length === 1 && only && (input.numSpeakers ?? 1) > 1) {
        const { parts, language: detected } = await listen(
          only.path,
          { diarize: true, language },
          input.durationSec,
          opts.signal,
        );
        opts.onProgress?.(100);
        const segments: Segment[] = parts.map((p) => ({
          speaker: p.speaker === undefined ? only.speaker : `Speaker ${p.speaker + 1}`,
          start: p.start,
          end: p.end,
          text: p.text,
        }));
        return toTranscript(segments, language ?? detected);
      }
      const perChannel: { speaker: string; segments: TimedText[] }[] = [];
      let detected: string | undefined;
      for (const [i, channel] of input.channels.entries()) {
        throwIfAborted(opts.signal);
        const result = await listen(
          channel.path,
          { diarize: false, language },
          input.durationSec,
          opts.signal,
        );
        perChannel.push({ speaker: channel.speaker, segments: result.parts });
        detected ??= result.language;
        opts.onProgress?.(Math.round(((i + 1) / input.channels.length) * 100));
      }
      return mergeChannelSegments(perChannel, language ?? detected);
    },
  };
}

/** Utterances when Deepgram sent them; else words grouped by speaker and pauses; else the bare transcript. */
function toParts(answer: DeepgramListenResponse, durationSec: number): LabelledText[] {
  const { utterances, channels } = answer.results;
  if (utterances && utterances.length > 0) {
    return utterances.map((u) => ({
      start: u.start,
      end: u.end,
      text: u.transcript,
      ...(u.speaker === undefined ? {} : { speaker: u.speaker }),
    }));
  }
  const best = channels[0]?.alternatives[0];
  if (!best) return [];
  const words = best.words ?? [];
  if (words.length === 0) {
    const text = best.transcript.trim();
    return text ? [{ start: 0, end: answer.metadata?.duration ?? durationSec, text }] : [];
  }
  const parts: LabelledText[] = [];
  let current: LabelledText | undefined;
  for (const w of words) {
    const token = w.punctuated_word ?? w.word;
    if (current && current.speaker === w.speaker && w.start - current.end < 1) {
      current.text += ` ${token}`;
      current.end = w.end;
      continue;
    }
    current = {
      start: w.start,
      end: w.end,
      text: token,
      ...(w.speaker === undefined ? {} : { speaker: w.speaker }),
    };
    parts.push(current);
  }
  return parts;
}
