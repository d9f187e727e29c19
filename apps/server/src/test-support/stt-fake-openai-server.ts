/**
 * Test support: a fake OpenAI-compatible transcription service (`POST /v1/audio/transcriptions`)
 * on 127.0.0.1. It checks the Bearer key, parses the multipart upload, recognizes the uploaded
 * audio (see stt-audio-match.ts: exact SHA-256, else duration + voice activity, so files re-encoded
 * by the pipeline's ffmpeg still match) and answers OpenAI's `verbose_json`. Unknown audio → 400.
 * It can be scripted to fail, hang or answer garbage. Usable by adapter tests, the pipeline's
 * end-to-end tests, and in development to run the app offline.
 */
import type { Segment } from '@call-insights/contracts/transcript';
import {
  AudioMatcher,
  fixtureAudioEntries,
  type AudioMatcherOptions,
  type RegisteredAudio,
} from './stt-audio-match.js';
import { sendJson, startFakeHttpServer, toWebRequest } from './stt-fake-server-kit.js';

export type FakeOpenAiRequest = {
  model: string | null;
  responseFormat: string | null;
  timestampGranularities: string[];
  language: string | null;
  fileName: string | null;
  fileBytes: number;
  /** Label of the registered audio it matched, when it did. */
  matched: string | undefined;
  score: number | undefined;
};

export type FixtureAudioLike = {
  fixtureId: string;
  durationSec: number;
  language: string;
  expectedSegments: Segment[];
};

export type FakeOpenAiServer = {
  baseUrl: string;
  apiKey: string;
  /** Every transcription request that reached the handler (not the scripted failures). */
  requests: FakeOpenAiRequest[];
  /** Total HTTP requests, scripted failures included. */
  readonly hits: number;
  /** Knows one fixture call: its left channel, right channel and mono mix. */
  registerFixture(audio: FixtureAudioLike): void;
  /** Knows any audio by duration + activity; `segments` are what it answers. */
  register(entry: RegisteredAudio): void;
  /** Knows exact bytes (use only for files nobody re-encodes). */
  registerSha256(sha256: string, segments: Segment[], language?: string): void;
  failNext(times: number, status: number, headers?: Record<string, string>): void;
  hangNext(times: number): void;
  /** Forgets scripted failures no request has used yet. */
  behave(): void;
  malformedNext(times: number, body?: string): void;
  close(): Promise<void>;
};

export type FakeOpenAiServerOptions = { apiKey?: string; matcher?: AudioMatcherOptions };

const LANGUAGE_NAMES: Record<string, string> = { en: 'english', fr: 'french', es: 'spanish', de: 'german' };

export async function startFakeOpenAiServer(
  options: FakeOpenAiServerOptions = {},
): Promise<FakeOpenAiServer> {
  const apiKey = options.apiKey ?? 'test-openai-key';
  const matcher = new AudioMatcher(options.matcher);
  const requests: FakeOpenAiRequest[] = [];
  const server = await startFakeHttpServer(async (req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'POST' || !/^\/v1\/audio\/transcriptions\/?$/.test(url.pathname)) {
      sendJson(res, 404, {
        error: { message: `Unknown route ${req.method} ${url.pathname}`, type: 'invalid_request_error' },
      });
      return;
    }
    if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
      sendJson(res, 401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
      return;
    }
    let form: FormData;
    try {
      form = await toWebRequest(req, body).formData();
    } catch (e) {
      sendJson(res, 400, {
        error: { message: `Could not parse multipart form: ${String(e)}`, type: 'invalid_request_error' },
      });
      return;
    }
    const file = form.get('file');
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : null;
    };
    const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : undefined;
    const match = bytes ? matcher.match(bytes) : undefined;
    requests.push({
      model: text('model'),
      responseFormat: text('response_format'),
      timestampGranularities: form.getAll('timestamp_granularities[]').filter((v) => typeof v === 'string'),
      language: text('language'),
      fileName: file instanceof File ? file.name : null,
      fileBytes: bytes?.byteLength ?? 0,
      matched: match?.ok ? match.entry.label : undefined,
      score: match?.ok ? match.score : undefined,
    });
    if (!bytes) {
      sendJson(res, 400, {
        error: { message: "Missing required parameter: 'file'.", type: 'invalid_request_error' },
      });
      return;
    }
    if (!text('model')) {
      sendJson(res, 400, {
        error: { message: "Missing required parameter: 'model'.", type: 'invalid_request_error' },
      });
      return;
    }
    if (!match?.ok) {
      sendJson(res, 400, {
        error: {
          message: `Audio file might be corrupted or unsupported (fake: ${match?.reason ?? 'no file'})`,
          type: 'invalid_request_error',
        },
      });
      return;
    }
    const { entry } = match;
    const segments = entry.segments.map((s, id) => ({
      id,
      seek: 0,
      start: s.start,
      end: s.end,
      // OpenAI's segment texts start with a space; clients must trim.
      text: ` ${s.text}`,
      tokens: [],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.3,
      no_speech_prob: 0.01,
    }));
    const fullText = entry.segments.map((s) => s.text).join(' ');
    if (text('response_format') !== 'verbose_json') {
      sendJson(res, 200, { text: fullText });
      return;
    }
    sendJson(res, 200, {
      task: 'transcribe',
      language: LANGUAGE_NAMES[entry.language] ?? entry.language,
      duration: match.durationSec,
      text: fullText,
      segments,
    });
  });

  return {
    baseUrl: server.baseUrl,
    apiKey,
    requests,
    get hits() {
      return server.hits;
    },
    registerFixture(audio) {
      for (const entry of fixtureAudioEntries(audio)) matcher.register(entry);
    },
    register: (entry) => matcher.register(entry),
    registerSha256(sha256, segments, language = 'en') {
      const durationSec = segments.reduce((m, s) => Math.max(m, s.end), 0);
      matcher.registerSha256(sha256, {
        label: `sha256:${sha256.slice(0, 12)}`,
        durationSec,
        segments,
        language,
      });
    },
    failNext(times, status, headers) {
      server.misbehave(times, { kind: 'status', status, ...(headers ? { headers } : {}) });
    },
    hangNext: (times) => server.misbehave(times, { kind: 'hang' }),
    behave: () => server.behave(),
    malformedNext: (times, body = '{"text": "unterminated') =>
      server.misbehave(times, { kind: 'malformed', body }),
    close: () => server.close(),
  };
}
