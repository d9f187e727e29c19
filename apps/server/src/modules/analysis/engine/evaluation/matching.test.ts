import { describe, expect, it } from 'vitest';
import { loadDevset } from './devset.js';
import { coverage, matchPhrases, matchPrices } from './matching.js';
import { prf } from './evaluate.js';

describe('evaluation matching', () => {
  it('matches a phrase that holds at least half of the label’s content words', () => {
    expect(coverage("That's more than we budgeted for this year", 'more than we budgeted')).toBe(1);
    expect(coverage('We already work with an agency for Google ads', 'already has an agency')).toBe(1);
    expect(coverage('Les patients oublient leurs rendez-vous', 'patients oublient rendez-vous')).toBe(1);
    expect(coverage('It is too expensive', 'already has an agency')).toBe(0);
    const paragraph =
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twentyone agency';
    expect(coverage(paragraph, 'agency')).toBe(0);
  });

  it('matches one to one', () => {
    expect(matchPhrases(['too expensive', 'too expensive'], ['too expensive'])).toEqual({
      predicted: 2,
      labelled: 1,
      matched: 1,
    });
  });

  it('compares prices on amount, currency, unit and period', () => {
    expect(
      matchPrices(['$299 per month', '$49 per user per month'], ['$299/mo', '$49 per seat per month']),
    ).toEqual({
      predicted: 2,
      labelled: 2,
      matched: 1,
    });
    expect(matchPrices(['1 200 € par mois'], ['1,200 euros a month']).matched).toBe(1);
  });

  it('computes micro-averaged precision, recall and F1', () => {
    const s = prf([
      { predicted: 2, labelled: 1, matched: 1 },
      { predicted: 0, labelled: 3, matched: 0 },
    ]);
    expect(s.precision).toBe(0.5);
    expect(s.recall).toBe(0.25);
    expect(s.f1).toBeCloseTo(1 / 3, 6);
    expect(prf([{ predicted: 0, labelled: 0, matched: 0 }]).f1).toBe(1);
  });

  it('loads a development set that covers every class, both languages and every category', () => {
    const items = loadDevset();
    expect(items.length).toBeGreaterThanOrEqual(24);
    expect(items.filter((i) => i.language === 'fr').length).toBeGreaterThanOrEqual(6);
    expect(new Set(items.map((i) => i.labels.result_class))).toEqual(
      new Set(['appointment', 'follow_up', 'not_interested', 'other']),
    );
    expect(items.some((i) => i.labels.objections.length > 0)).toBe(true);
    expect(items.some((i) => i.labels.pain_points.length > 0)).toBe(true);
    expect(items.some((i) => i.labels.pricing.length > 0)).toBe(true);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });
});
