/**
 * Provider `whisper` (the embedded default): local whisper.cpp. Resolves the model file
 * (`WHISPER_MODEL_PATH`, else `<modelsDir>/ggml-<WHISPER_MODEL>.bin`, downloaded on first use with
 * progress in the log), loads it once in the engine process, and transcribes each channel file.
 * Whisper does not diarize, so a mono recording stays one speaker.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Transcript } from '@call-insights/contracts/transcript';
import { msg } from '../../errors.js';
import { DEFAULT_WHISPER_MODEL, ensureWhisperModel, type ModelDownloadProgress } from './model-download.js';
import {
  assertValidInput,
  mergeChannelSegments,
  normalizeLanguage,
  throwIfAborted,
  TranscriptionError,
  type TimedText,
  type TranscribeOptions,
  type Transcriber,
  type TranscriptionInput,
  type TranscriptionLogger,
} from './transcriber.js';
import { decodeWavMono, parseWavHeader, WavFormatError } from './wav.js';
import { createWhisperEngine, type WhisperEngine } from './whisper-engine.js';

export type WhisperTranscriberOptions = {
  /** Where downloaded models live, e.g. `./data/models`. */
  modelsDir: string;
  /** `WHISPER_MODEL`, default `base.en`. */
  model?: string;
  /** `WHISPER_MODEL_PATH`: use this file, never download. */
  modelPath?: string;
  /** Where `ggml-<model>.bin` is downloaded from; default Hugging Face (whisper.cpp's own host). */
  downloadBaseUrl?: string;
  expectedSha256?: string;
  logger?: TranscriptionLogger;
  /** Tests inject a fake; default runs @napi-rs/whisper in a child process. */
  engine?: WhisperEngine;
  threads?: number;
};

const SAMPLE_RATE = 16_000;

export function createWhisperTranscriber(options: WhisperTranscriberOptions): Transcriber {
  const model = options.model?.trim() || DEFAULT_WHISPER_MODEL;
  const engine =
    options.engine ?? createWhisperEngine(options.threads === undefined ? {} : { threads: options.threads });
  const logger = options.logger;

  async function resolveModelPath(signal: AbortSignal | undefined): Promise<string> {
    if (options.modelPath) {
      const ok = await stat(options.modelPath).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!ok) {
        throw new TranscriptionError({
          kind: 'CONFIG',
          provider: 'whisper',
          userMessage: msg(
            'WHISPER_MODEL_PATH is set to {path}, but there is no file there. Set WHISPER_MODEL_PATH to a local ggml model file (such as ggml-base.en.bin), or unset it to download WHISPER_MODEL automatically.',
          ),
          params: { path: options.modelPath },
          detail: `WHISPER_MODEL_PATH ${options.modelPath} does not exist or is not a file`,
        });
      }
      return options.modelPath;
    }
    let started = false;
    const onProgress = (p: ModelDownloadProgress) => {
      if (!started) {
        started = true;
        logger?.info({ model, modelsDir: options.modelsDir }, 'Downloading Whisper model (first use)');
      }
      logger?.info({ model, ...p }, 'Whisper model download progress');
    };
    const path = await ensureWhisperModel({
      modelsDir: options.modelsDir,
      model,
      onProgress,
      ...(options.downloadBaseUrl ? { baseUrl: options.downloadBaseUrl } : {}),
      ...(options.expectedSha256 ? { expectedSha256: options.expectedSha256 } : {}),
      ...(signal ? { signal } : {}),
    });
    if (started) logger?.info({ model, path }, 'Whisper model downloaded');
    return path;
  }

  return {
    name: 'whisper',
    async transcribe(input: TranscriptionInput, opts: TranscribeOptions = {}): Promise<Transcript> {
      assertValidInput(input, 'whisper');
      const { signal } = opts;
      opts.onProgress?.(0);
      const modelPath = await resolveModelPath(signal);
      throwIfAborted(signal);
      await engine.load(modelPath, signal);
      const language = normalizeLanguage(input.language);
      const perChannel: { speaker: string; segments: TimedText[] }[] = [];
      let detected: string | undefined;
      for (const [i, channel] of input.channels.entries()) {
        throwIfAborted(signal);
        const samples = await readChannelSamples(channel.path);
        const result = await engine.transcribe(samples, {
          ...(language ? { language } : {}),
          ...(signal ? { signal } : {}),
        });
        perChannel.push({ speaker: channel.speaker, segments: result.segments });
        detected ??= normalizeLanguage(result.language);
        opts.onProgress?.(Math.round(((i + 1) / input.channels.length) * 100));
      }
      return mergeChannelSegments(perChannel, language ?? detected);
    },
    close: () => engine.close(),
  };
}

/** Reads a normalized channel file into the Float32 samples whisper.cpp takes. */
export async function readChannelSamples(path: string): Promise<Float32Array> {
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch (e) {
    throw new TranscriptionError({
      kind: 'UNKNOWN',
      provider: 'whisper',
      userMessage: 'The normalized audio of this recording could not be read for transcription.',
      detail: `cannot read channel file ${path}: ${e instanceof Error ? e.message : String(e)}`,
      cause: e,
    });
  }
  try {
    const info = parseWavHeader(buf);
    if (info.sampleRate !== SAMPLE_RATE) {
      throw new WavFormatError(`sample rate ${info.sampleRate} Hz, expected ${SAMPLE_RATE} Hz`);
    }
    return decodeWavMono(buf, info);
  } catch (e) {
    if (!(e instanceof WavFormatError)) throw e;
    throw new TranscriptionError({
      kind: 'BAD_AUDIO',
      provider: 'whisper',
      userMessage: 'This recording could not be prepared for transcription (unreadable audio).',
      detail: `${path}: ${e.detail ?? e.message}`,
      cause: e,
    });
  }
}
