/**
 * Provider `openai`: any OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI, Groq,
 * self-hosted faster-whisper or whisper.cpp servers). Uploads each channel file as multipart,
 * streamed from disk, asks for verbose JSON with segment timestamps, and labels each channel's
 * segments with its speaker. This API does not diarize: mono audio stays one speaker.
 */
import { basename } from 'node:path';
import { z } from 'zod';
import type { Transcript } from '@call-insights/contracts/transcript';
import { msg } from '../../errors.js';
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
  type TimedText,
  type TranscribeOptions,
  type Transcriber,
  type TranscriptionChannel,
  type TranscriptionInput,
} from './transcriber.js';

export type OpenAiTranscriberOptions = {
  /** With or without the trailing `/v1`, e.g. `https://api.openai.com` or `https://api.groq.com/openai/v1`. */
  baseUrl: string;
  /** Sent as a Bearer token; may be empty for self-hosted servers without auth. */
  apiKey: string;
  /** e.g. `whisper-1`, `whisper-large-v3`; empty → `whisper-1`. */
  model: string;
  /** Time cap per request (one channel); default 10 minutes. */
  timeoutMs?: number;
  /** Quick retries of TEMPORARY failures per request; default 2. */
  retries?: number;
  /** First back-off delay; default 1 s. */
  retryDelayMs?: number;
};

export const DEFAULT_OPENAI_TRANSCRIPTION_MODEL = 'whisper-1';

/** The part of OpenAI's `verbose_json` answer we use; other fields are ignored. */
export const OpenAiVerboseTranscription = z.object({
  text: z.string().optional(),
  language: z.string().nullish(),
  duration: z.number().nullish(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).nullish(),
});
export type OpenAiVerboseTranscription = z.infer<typeof OpenAiVerboseTranscription>;

export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const url = joinApiUrl(options.baseUrl, 'audio/transcriptions');
  const model = options.model.trim() || DEFAULT_OPENAI_TRANSCRIPTION_MODEL;
  const http: ProviderHttpSettings = {
    provider: 'openai',
    displayName: msg('The OpenAI-compatible transcription service'),
    timeoutMs: options.timeoutMs ?? 10 * 60_000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 1000,
  };

  async function transcribeChannel(
    channel: TranscriptionChannel,
    input: TranscriptionInput,
    signal: AbortSignal | undefined,
  ): Promise<{ segments: TimedText[]; language: string | undefined }> {
    const file = await openChannelFile(channel.path, 'openai');
    const fileName = /\.wav$/i.test(channel.path) ? basename(channel.path) : 'audio.wav';
    const json = await postJson(http, {
      url,
      signal,
      init: () => {
        const form = new FormData();
        form.append('file', file, fileName);
        form.append('model', model);
        form.append('response_format', 'verbose_json');
        form.append('timestamp_granularities[]', 'segment');
        if (input.language) form.append('language', input.language);
        const headers: Record<string, string> = {};
        if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
        return { headers, body: form };
      },
    });
    const parsed = OpenAiVerboseTranscription.safeParse(json);
    if (!parsed.success) {
      throw unreadableAnswer(http, url, `unexpected verbose_json shape: ${z.prettifyError(parsed.error)}`);
    }
    const answer = parsed.data;
    let segments: TimedText[] = (answer.segments ?? []).map((s) => ({
      start: s.start,
      end: s.end,
      text: s.text,
    }));
    // Some compatible servers ignore response_format and send only text: keep it as one segment.
    if (segments.length === 0 && answer.text?.trim()) {
      segments = [{ start: 0, end: answer.duration ?? input.durationSec, text: answer.text }];
    }
    return { segments, language: normalizeLanguage(answer.language) };
  }

  return {
    name: 'openai',
    async transcribe(input: TranscriptionInput, opts: TranscribeOptions = {}): Promise<Transcript> {
      assertValidInput(input, 'openai');
      opts.onProgress?.(0);
      const perChannel: { speaker: string; segments: TimedText[] }[] = [];
      let detected: string | undefined;
      for (const [i, channel] of input.channels.entries()) {
        throwIfAborted(opts.signal);
        const result = await transcribeChannel(channel, input, opts.signal);
        perChannel.push({ speaker: channel.speaker, segments: result.segments });
        detected ??= result.language;
        opts.onProgress?.(Math.round(((i + 1) / input.channels.length) * 100));
      }
      return mergeChannelSegments(perChannel, normalizeLanguage(input.language) ?? detected);
    },
  };
}
