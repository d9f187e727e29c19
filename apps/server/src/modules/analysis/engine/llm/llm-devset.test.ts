/**
 * The language-model path on the labelled development set (issue 11, "checked on the same sets"),
 * against a fake OpenAI-compatible server over real HTTP:
 * - a model that answers each call's labels must score perfectly after the analyzer's own parsing,
 *   chunking and merging — anything less is a field lost or bent on the way;
 * - a model that times out, answers 429, sends malformed JSON or a partial answer must give, call by
 *   call, exactly the rules analysis with a `fallback_reason` a user can read.
 * Only the development set is read here; the holdouts are never opened by tests that tune nothing.
 */
import type { Analysis } from '@call-insights/contracts/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../../../adapters/llm/config.js';
import {
  startFakeOpenAiServer,
  type FakeBehaviour,
  type FakeOpenAiServer,
  type RecordedRequest,
} from '../../../../test-support/llm-fake-openai-server.js';
import { createAnalyzer } from '../create-analyzer.js';
import { loadDevset, type DevsetItem } from '../evaluation/devset.js';
import { scoreItem, summarize } from '../evaluation/evaluate.js';
import type { CallAnalysisChunk } from './analyze-call/schema.js';

const devset = loadDevset();
let server: FakeOpenAiServer;

const config = (baseURL: string, overrides: Partial<LlmConfig> = {}): LlmConfig => ({
  provider: 'openai',
  baseURL,
  apiKey: 'test-key',
  model: 'fake-model',
  timeoutMs: 1_500,
  maxRetries: 0,
  ...overrides,
});

/** The dev call a request is about: the one whose longest line the prompt carries. */
function callOf(request: RecordedRequest): DevsetItem {
  const found = devset.find((item) => {
    const longest = [...item.segments].sort((a, b) => b.text.length - a.text.length)[0];
    return longest !== undefined && request.prompt.includes(longest.text);
  });
  if (!found) throw new Error('the fake model got a transcript that is not in the dev set');
  return found;
}

/** What a perfect model would answer for a call: its labels, in the schema's words. */
function oracle(item: DevsetItem): CallAnalysisChunk {
  return {
    call_results: `The call ended as ${item.labels.result_class}.`,
    call_summary: `Labelled call ${item.id}.`,
    questions: [],
    objections: item.labels.objections,
    pain_points: item.labels.pain_points,
    pricing_discussed: item.labels.pricing,
    result_class: item.labels.result_class,
    lead_score: 50,
    lead_score_reasons: [],
  };
}

async function analyzeAll(analyzerConfig: LlmConfig): Promise<Analysis[]> {
  const analyzer = createAnalyzer({ analyzer: 'llm', llm: analyzerConfig });
  const out: Analysis[] = [];
  for (const item of devset) {
    out.push(
      await analyzer.analyze({
        segments: item.segments,
        text: item.segments.map((s) => s.text).join(' '),
        language: item.language,
      }),
    );
  }
  return out;
}

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the LLM analyzer on the development set', () => {
  it('keeps every field of a perfect model’s answers: class, objections, pain points and prices', async () => {
    server.setFallback({
      kind: 'dynamic',
      respond: (request): FakeBehaviour => ({ kind: 'json', body: oracle(callOf(request)) }),
    });
    const analyses = await analyzeAll(config(server.baseURL));
    const results = devset.map((item, i) => scoreItem(item, analyses[i]!));
    expect(results.filter((r) => r.fallbackReason)).toEqual([]);
    const summary = summarize('dev', results);
    expect(summary.transcripts).toBe(devset.length);
    expect(summary.accuracy).toBe(1);
    expect(summary.categories.objections.f1).toBe(1);
    expect(summary.categories.pain_points.f1).toBe(1);
    expect(summary.categories.pricing.f1).toBe(1);
  }, 120_000);

  it('falls back to the rules analysis, call by call and marked, when the model fails in any way', async () => {
    const failures: FakeBehaviour[] = [
      { kind: 'hang' },
      { kind: 'status', status: 429, message: 'Rate limit reached for requests' },
      { kind: 'text', content: '{"call_summary": "The prospect' },
      { kind: 'json', body: { call_summary: 'Only a summary, nothing else.' } },
      { kind: 'status', status: 500, message: 'upstream exploded' },
    ];
    // A few calls per kind of failure keep the run short; each call meets one failure, for good.
    const sample = devset.filter((_, i) => i % 8 === 0).slice(0, failures.length * 2);
    let n = 0;
    const failureOf = new Map<string, FakeBehaviour>();
    server.setFallback({
      kind: 'dynamic',
      respond: (request) => {
        const id = callOf(request).id;
        if (!failureOf.has(id)) failureOf.set(id, failures[n++ % failures.length]!);
        return failureOf.get(id)!;
      },
    });
    const llm = createAnalyzer({ analyzer: 'llm', llm: config(server.baseURL) });
    const rules = createAnalyzer({ analyzer: 'rules', llm: config(server.baseURL) });
    for (const item of sample) {
      const input = {
        segments: item.segments,
        text: item.segments.map((s) => s.text).join(' '),
        language: item.language,
      };
      const got = await llm.analyze(input);
      const expected = await rules.analyze(input);
      expect(got.fallback_reason, item.id).toMatch(/\w{4,}/);
      expect(got.fallback_reason, item.id).not.toMatch(/at .*\.(ts|js):\d+|Error:/);
      expect(got.fallback_detail?.kind, item.id).toMatch(/^[a-z_]+$/);
      const { fallback_reason: _reason, fallback_detail: _detail, ...fields } = got;
      expect(fields, item.id).toEqual(expected);
    }
    expect(new Set(failureOf.values()).size).toBe(failures.length);
  }, 120_000);
});
