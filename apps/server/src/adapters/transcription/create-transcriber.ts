/**
 * Picks the speech-to-text provider from plain options. The server's config module maps
 * `TRANSCRIBER`, `TRANSCRIBER_BASE_URL`, `TRANSCRIBER_API_KEY`, `TRANSCRIBER_MODEL`,
 * `WHISPER_MODEL` and `WHISPER_MODEL_PATH` into these options; nothing here reads the environment.
 */
import { createDeepgramTranscriber } from './deepgram-transcriber.js';
import { createOpenAiTranscriber } from './openai-transcriber.js';
import type { Transcriber, TranscriptionLogger } from './transcriber.js';
import { createWhisperTranscriber } from './whisper-transcriber.js';

/** Per-request knobs shared by the hosted providers. */
export type HostedTranscriberTuning = {
  /** Time cap per request (one channel); default 10 minutes. */
  timeoutMs?: number;
  /** Quick retries of TEMPORARY failures per request; default 2. */
  retries?: number;
  retryDelayMs?: number;
};

export type TranscriberConfig =
  | {
      kind: 'whisper';
      /** e.g. `./data/models` */
      modelsDir: string;
      /** `WHISPER_MODEL`, e.g. `base.en` */
      model: string;
      /** `WHISPER_MODEL_PATH` */
      modelPath?: string;
      /** Mirror of https://huggingface.co/ggerganov/whisper.cpp/resolve/main */
      downloadBaseUrl?: string;
      expectedSha256?: string;
      threads?: number;
    }
  | ({ kind: 'openai'; baseUrl: string; apiKey: string; model: string } & HostedTranscriberTuning)
  | ({ kind: 'deepgram'; baseUrl: string; apiKey: string; model: string } & HostedTranscriberTuning);

export type TranscriberKind = TranscriberConfig['kind'];

export function createTranscriber(
  config: TranscriberConfig,
  deps: { logger?: TranscriptionLogger } = {},
): Transcriber {
  switch (config.kind) {
    case 'whisper': {
      const { kind: _kind, ...rest } = config;
      return createWhisperTranscriber({ ...rest, ...(deps.logger ? { logger: deps.logger } : {}) });
    }
    case 'openai': {
      const { kind: _kind, ...rest } = config;
      return createOpenAiTranscriber(rest);
    }
    case 'deepgram': {
      const { kind: _kind, ...rest } = config;
      return createDeepgramTranscriber(rest);
    }
  }
}
