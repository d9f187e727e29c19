import { Analysis } from '@call-insights/contracts/analysis';
import type { Segment } from '@call-insights/contracts/transcript';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../../../test-support/llm-fake-openai-server.js';
import type { LlmConfig } from '../../../../adapters/llm/config.js';
import type { CallAnalysisChunk } from './analyze-call/schema.js';
import { createLlmAnalyzer, type EngineLogger } from './llm-analyzer.js';

const SEGMENTS: Segment[] = [
  {
    speaker: 'Rep',
    start: 0,
    end: 4,
    text: 'Hi, this is Sam from CallNest. How do you handle calls after hours?',
  },
  { speaker: 'Customer', start: 5, end: 9, text: 'They go to voicemail and we miss new patients.' },
  {
    speaker: 'Rep',
    start: 10,
    end: 14,
    text: 'Our plan is $299 per month. Would Thursday at 2 work for a demo?',
  },
  { speaker: 'Customer', start: 15, end: 18, text: 'It is a bit expensive, but Thursday at 2 works.' },
];

const CHUNK: CallAnalysisChunk = {
  call_results: 'Demo booked for Thursday at 2 pm.',
  call_summary: 'The rep offered after-hours answering; the office misses new patients and booked a demo.',
  questions: [
    { question: 'How do you handle calls after hours?', asked_by: 'Rep', answer: 'They go to voicemail.' },
    { question: 'Would Thursday at 2 work for a demo?', asked_by: 'Rep', answer: 'Thursday at 2 works.' },
  ],
  objections: ['a bit expensive'],
  pain_points: ['miss new patients after hours'],
  pricing_discussed: ['$299/mo'],
  result_class: 'appointment',
  lead_score: 81.6,
  lead_score_reasons: ['Demo booked', 'Clear pain'],
};

let server: FakeOpenAiServer;
const warnings: Record<string, unknown>[] = [];
const logger: EngineLogger = { warn: (obj) => warnings.push(obj) };
const config = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
  provider: 'openai',
  baseURL: server.baseURL,
  apiKey: 'test-key',
  model: 'fake-model',
  timeoutMs: 2_000,
  maxRetries: 1,
  ...overrides,
});
const analyze = (overrides: Partial<LlmConfig> = {}, segments = SEGMENTS) =>
  createLlmAnalyzer(config(overrides), { logger }).analyze({ segments, text: '' });

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterEach(() => {
  server.requests.length = 0;
  warnings.length = 0;
});
afterAll(async () => {
  await server.close();
});

describe('LLM analyzer against a fake OpenAI-compatible server', () => {
  it('sends the transcript with a described JSON schema and maps the answer', async () => {
    server.enqueue({ kind: 'json', body: CHUNK });
    const a = await analyze();
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0];
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe('Bearer test-key');
    expect(req?.body?.model).toBe('fake-model');
    expect(req?.body?.stream).toBeUndefined();
    expect(req?.body?.response_format?.type).toBe('json_schema');
    expect(JSON.stringify(req?.body?.response_format?.json_schema?.schema)).toContain('"description"');
    expect(req?.prompt).toContain('[00:05] Customer: They go to voicemail and we miss new patients.');
    expect(a).toMatchObject({
      analyzer: 'llm',
      result_class: 'appointment',
      lead_score: 82,
      questions: ['How do you handle calls after hours?', 'Would Thursday at 2 work for a demo?'],
      answers: ['They go to voicemail.', 'Thursday at 2 works.'],
      question_speakers: ['Rep', 'Rep'],
      objections: ['a bit expensive'],
      pricing_discussed: ['$299 per month'],
    });
    expect(a.fallback_reason).toBeUndefined();
    expect(Analysis.parse(a)).toEqual(a);
  });

  it('accepts JSON wrapped in markdown fences', async () => {
    server.enqueue({ kind: 'text', content: `Here you go:\n\`\`\`json\n${JSON.stringify(CHUNK)}\n\`\`\`` });
    expect((await analyze()).analyzer).toBe('llm');
  });

  it('asks once more after malformed JSON, and uses the second answer', async () => {
    server.enqueue(
      { kind: 'text', content: '{"call_results": "Demo booked", "questions": [' },
      { kind: 'json', body: CHUNK },
    );
    const a = await analyze();
    expect(server.requests).toHaveLength(2);
    expect(a.analyzer).toBe('llm');
    expect(a.result_class).toBe('appointment');
  });

  it('falls back to the rules after two invalid answers, and says why', async () => {
    server.enqueue(
      { kind: 'text', content: 'not json at all' },
      { kind: 'json', body: { ...CHUNK, result_class: 'maybe' } },
    );
    const a = await analyze();
    expect(server.requests).toHaveLength(2);
    expect(a.analyzer).toBe('rules');
    expect(a.fallback_reason).toMatch(/invalid answer twice/u);
    // The same reason as data, for the reader's language (the web writes the sentence).
    expect(a.fallback_detail).toEqual({ kind: 'invalid_output' });
    expect(a.result_class).toBe('appointment');
    expect(a.pricing_discussed).toEqual(['$299 per month']);
    expect(warnings[0]).toMatchObject({ kind: 'invalid_output' });
    expect(JSON.stringify(warnings)).not.toContain('voicemail');
  });

  it('falls back on 429 after the SDK retry', async () => {
    server.enqueue(
      { kind: 'status', status: 429, retryAfterMs: 5 },
      { kind: 'status', status: 429, retryAfterMs: 5 },
    );
    const a = await analyze();
    expect(server.requests).toHaveLength(2);
    expect(a.analyzer).toBe('rules');
    expect(a.fallback_reason).toMatch(/HTTP 429/u);
    expect(a.fallback_detail).toEqual({ kind: 'rate_limited', status: 429 });
  });

  it('falls back on a server error', async () => {
    server.enqueue(
      { kind: 'status', status: 503, retryAfterMs: 5 },
      { kind: 'status', status: 503, retryAfterMs: 5 },
    );
    const a = await analyze();
    expect(a.analyzer).toBe('rules');
    expect(a.fallback_reason).toMatch(/HTTP 503/u);
  });

  it('falls back when the model does not answer in time', async () => {
    server.enqueue({ kind: 'hang' });
    const started = Date.now();
    const a = await analyze({ timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(a.analyzer).toBe('rules');
    expect(a.fallback_reason).toMatch(/did not answer within 0.3 s/u);
    expect(a.fallback_detail).toEqual({ kind: 'timeout', seconds: 0.3 });
  });

  it('falls back when the server cannot be reached or no model is configured', async () => {
    const unreachable = await analyze({ baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 });
    expect(unreachable.fallback_reason).toMatch(/could not be reached.*LLM_BASE_URL/u);
    expect(unreachable.fallback_detail).toEqual({ kind: 'unreachable', host: '127.0.0.1:9' });
    const unconfigured = await analyze({ model: undefined });
    expect(unconfigured.analyzer).toBe('rules');
    expect(unconfigured.fallback_reason).toMatch(/LLM_MODEL/u);
    expect(server.requests).toHaveLength(0);
  });

  it('propagates a cancelled job instead of falling back', async () => {
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = createLlmAnalyzer(config(), { logger }).analyze(
      { segments: SEGMENTS, text: '' },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(pending).rejects.toThrow('job cancelled');
  });

  it('chunks a long transcript, sends each chunk, and merges the answers', async () => {
    const long: Segment[] = Array.from({ length: 30 }, (_, i) => ({
      speaker: i % 2 === 0 ? 'Rep' : 'Customer',
      start: i * 10,
      end: i * 10 + 8,
      text: `Line ${i} of a long call about scheduling software for a busy dental office.`,
    }));
    let call = 0;
    server.setFallback({
      kind: 'dynamic',
      respond: () => {
        call++;
        const first = call === 1;
        return {
          kind: 'json',
          body: {
            ...CHUNK,
            call_summary: `Part ${call}.`,
            call_results: first ? 'Demo booked.' : 'Said they would think about it.',
            result_class: first ? 'appointment' : 'follow_up',
            objections: first ? ['a bit expensive'] : ['A bit expensive!', 'needs to ask the partner'],
            pricing_discussed: first ? ['$299/mo'] : ['$299 per month', '$500 setup fee'],
            lead_score: first ? 80 : 40,
          },
        };
      },
    });
    try {
      const a = await analyze({ chunkChars: 700 }, long);
      expect(server.requests.length).toBeGreaterThan(1);
      for (const r of server.requests) expect(r.prompt.length).toBeLessThan(700 + 4_000);
      expect(server.requests[0]?.prompt).toContain('Line 0 of a long call');
      expect(server.requests[0]?.prompt).toMatch(/part 1 of \d+/u);
      expect(server.requests.at(-1)?.prompt).toContain('Line 29 of a long call');
      expect(a.analyzer).toBe('llm');
      // An appointment in an earlier part stands against later follow-up talk.
      expect(a.result_class).toBe('appointment');
      expect(a.call_results).toBe('Demo booked.');
      expect(a.lead_score).toBe(80);
      expect(a.objections).toEqual(['a bit expensive', 'needs to ask the partner']);
      expect(a.pricing_discussed).toEqual(['$299 per month', '$500 one-time']);
      expect(a.call_summary).toBe(
        Array.from({ length: server.requests.length }, (_, i) => `Part ${i + 1}.`).join(' '),
      );
    } finally {
      server.setFallback({ kind: 'status', status: 500 });
    }
  });
});
