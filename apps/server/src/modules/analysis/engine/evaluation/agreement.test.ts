import { describe, expect, it } from 'vitest';
import type { DevsetItem } from './devset.js';
import { agreementResults, summarize } from './evaluate.js';

const call: DevsetItem = {
  id: 'en-x',
  language: 'en',
  segments: [{ speaker: 'Speaker 1', start: 0, end: 4, text: 'We signed with another vendor last spring.' }],
  labels: {
    result_class: 'not_interested',
    objections: ['signed with another vendor last spring'],
    pain_points: [],
    pricing: ['$49 per month'],
  },
};

describe('agreementResults', () => {
  it('scores a second annotator like an analyzer: same items agree, others do not', () => {
    const same = summarize('a', agreementResults([call], [{ id: 'en-x', labels: call.labels }]));
    expect(same.accuracy).toBe(1);
    expect(same.categories.objections.f1).toBe(1);
    expect(same.categories.pricing.f1).toBe(1);

    const other = summarize(
      'b',
      agreementResults(
        [call],
        [
          {
            id: 'en-x',
            labels: {
              result_class: 'follow_up',
              objections: ['the phones are a mess'],
              pain_points: [],
              pricing: ['$59 per month'],
            },
          },
        ],
      ),
    );
    expect(other.accuracy).toBe(0);
    expect(other.categories.objections.f1).toBe(0);
    expect(other.categories.pricing.f1).toBe(0);
  });

  it('refuses a second opinion of a call that is not in the dev set', () => {
    expect(() => agreementResults([call], [{ id: 'en-missing', labels: call.labels }])).toThrow(/en-missing/);
  });
});
