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

  it('quotes the whole yes to the demo, so the booked day and time show with it', () => {
    const a = analyzeSample(sample('discovery-demo-booked'));
    expect(a.call_results).toBe('Appointment booked: "Thursday at two works. Send me the invite."');
  });

  it('writes the French call’s result in French typography', () => {
    const a = analyzeSample(sample('rendez-vous-fr'));
    expect(a.call_results).toBe("Rendez-vous fixé : « D'accord, mardi à dix heures. »");
  });
});

describe('evidence of a yes to a proposal', () => {
  const call = (answer: string) =>
    analyzeWithRules({
      segments: [
        { speaker: 'Rep', start: 0, end: 4, text: 'Could I walk you through it on Friday at ten?' },
        { speaker: 'Customer', start: 5, end: 9, text: answer },
      ],
      text: '',
      language: 'en',
    });

  it('quotes a short answer whole, what follows the yes included', () => {
    expect(call('Sure. Send the invite to my office manager too.').call_results).toBe(
      'Appointment booked: "Sure. Send the invite to my office manager too."',
    );
  });

  it('keeps a long answer to the sentence that said yes', () => {
    const long =
      'We have had a rough quarter with the warehouse move and half the team out with the flu and the new ' +
      'phone system still not set up the way we wanted it. Sure, Friday at ten is fine.';
    expect(call(long).call_results).toBe('Appointment booked: "Sure, Friday at ten is fine."');
  });
});
