/**
 * Test support: a fake Deepgram prerecorded API (`POST /v1/listen`) on 127.0.0.1. Checks the
 * `Token` key, recognizes the uploaded audio like the OpenAI fake (duration + voice activity, see
 * stt-audio-match.ts) and answers Deepgram's JSON shape: channel alternatives with words, and
 * utterances when asked. With `diarize=true` words and utterances carry speaker numbers taken from
 * the registered segments ("Speaker 1" → 0); without it they carry none.
 */
import type { Segment } from '@call-insights/contracts/transcript';
import {
  AudioMatcher,
  fixtureAudioEntries,
  type AudioMatcherOptions,
  type RegisteredAudio,
} from './stt-audio-match.js';
import type { FixtureAudioLike } from './stt-fake-openai-server.js';
import { sendJson, startFakeHttpServer } from './stt-fake-server-kit.js';

export type FakeDeepgramRequest = {
  query: Record<string, string>;
  contentType: string | undefined;
  bytes: number;
  matched: string | undefined;
};

export type FakeDeepgramServer = {
  baseUrl: string;
  apiKey: string;
  requests: FakeDeepgramRequest[];
  readonly hits: number;
  registerFixture(audio: FixtureAudioLike): void;
  register(entry: RegisteredAudio): void;
  failNext(times: number, status: number, headers?: Record<string, string>): void;
  hangNext(times: number): void;
  /** Forgets scripted failures no request has used yet. */
  behave(): void;
  malformedNext(times: number, body?: string): void;
  close(): Promise<void>;
};

export type FakeDeepgramServerOptions = { apiKey?: string; matcher?: AudioMatcherOptions };

export async function startFakeDeepgramServer(
  options: FakeDeepgramServerOptions = {},
): Promise<FakeDeepgramServer> {
  const apiKey = options.apiKey ?? 'test-deepgram-key';
  const matcher = new AudioMatcher(options.matcher);
  const requests: FakeDeepgramRequest[] = [];

  const server = await startFakeHttpServer((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'POST' || url.pathname !== '/v1/listen') {
      sendJson(res, 404, { err_code: 'NOT_FOUND', err_msg: `Unknown route ${req.method} ${url.pathname}` });
      return;
    }
    if (req.headers.authorization !== `Token ${apiKey}`) {
      sendJson(res, 401, { err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.' });
      return;
    }
    const query = Object.fromEntries(url.searchParams);
    const match = matcher.match(body);
    requests.push({
      query,
      contentType: req.headers['content-type'],
      bytes: body.byteLength,
      matched: match.ok ? match.entry.label : undefined,
    });
    if (!match.ok) {
      sendJson(res, 400, {
        err_code: 'Bad Request',
        err_msg: `Bad Request: failed to process audio: corrupt or unsupported data (fake: ${match.reason})`,
      });
      return;
    }
    const diarize = query.diarize === 'true';
    const speakerOf = (s: Segment) => {
      const n = /(\d+)$/.exec(s.speaker);
      return n ? Number(n[1]) - 1 : 0;
    };
    const utterances = match.entry.segments.map((s, i) => {
      const words = splitWords(s).map((w) => ({ ...w, ...(diarize ? { speaker: speakerOf(s) } : {}) }));
      return {
        start: s.start,
        end: s.end,
        confidence: 0.98,
        channel: 0,
        transcript: s.text,
        words,
        ...(diarize ? { speaker: speakerOf(s) } : {}),
        id: `utt-${i}`,
      };
    });
    sendJson(res, 200, {
      metadata: {
        request_id: `fake-${requests.length}`,
        created: new Date().toISOString(),
        duration: match.durationSec,
        channels: 1,
        models: [query.model ?? 'nova-3'],
      },
      results: {
        channels: [
          {
            ...(query.detect_language === 'true' ? { detected_language: match.entry.language } : {}),
            alternatives: [
              {
                transcript: match.entry.segments.map((s) => s.text).join(' '),
                confidence: 0.98,
                words: utterances.flatMap((u) => u.words),
              },
            ],
          },
        ],
        ...(query.utterances === 'true' ? { utterances } : {}),
      },
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
    failNext(times, status, headers) {
      server.misbehave(times, {
        kind: 'status',
        status,
        body: { err_code: 'SCRIPTED', err_msg: `scripted HTTP ${status}` },
        ...(headers ? { headers } : {}),
      });
    },
    hangNext: (times) => server.misbehave(times, { kind: 'hang' }),
    behave: () => server.behave(),
    malformedNext: (times, body = '<html>502 Bad Gateway</html>') =>
      server.misbehave(times, { kind: 'malformed', body }),
    close: () => server.close(),
  };
}

/** Spreads a segment's words evenly over its time span, the way word timings look. */
function splitWords(
  s: Segment,
): { word: string; punctuated_word: string; start: number; end: number; confidence: number }[] {
  const tokens = s.text.split(/\s+/).filter(Boolean);
  const step = (s.end - s.start) / Math.max(1, tokens.length);
  return tokens.map((t, i) => ({
    word: t.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, ''),
    punctuated_word: t,
    start: round3(s.start + i * step),
    end: round3(s.start + (i + 1) * step),
    confidence: 0.97,
  }));
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
