import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeWithRules } from './rules-analyzer.js';

/** The shipped sample calls (apps/server/samples/calls), as a new user first sees them. */
type SampleCall = { id: string; language: string; turns: { speaker: string; text: string }[] };
const sample = (id: string): SampleCall =>
  JSON.parse(
    readFileSync(new URL(`../../../../../samples/calls/${id}.json`, import.meta.url), 'utf8'),
  ) as SampleCall;
const analyzeSample = (s: SampleCall) =>
  analyzeWithRules({
    segments: s.turns.map((t, i) => ({ speaker: t.speaker, start: i * 5, end: i * 5 + 4, text: t.text })),
    text: '',
    language: s.language,
  });

describe('shipped sample calls', () => {
  it('shows the price of the discovery call, said in words, with the speaker’s words', () => {
    const a = analyzeSample(sample('discovery-demo-booked'));
    expect(a.pricing_discussed).toEqual(['$299 per month (“two hundred ninety nine dollars per month”)']);
    expect(a.result_class).toBe('appointment');
  });
});
