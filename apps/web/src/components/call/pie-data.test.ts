import { describe, expect, it } from 'vitest';
import { isPieEmpty, pieSlices } from './pie-data';

describe('pieSlices', () => {
  it('counts the four lists in a fixed order', () => {
    const slices = pieSlices({
      questions: ['q1', 'q2', 'q3'],
      objections: ['too expensive'],
      pain_points: [],
      pricing_discussed: ['$299 per month', '$99 setup'],
    });
    expect(slices).toEqual([
      { key: 'questions', count: 3 },
      { key: 'objections', count: 1 },
      { key: 'painPoints', count: 0 },
      { key: 'pricing', count: 2 },
    ]);
    expect(isPieEmpty(slices)).toBe(false);
  });

  it('gives four zero slices without an analysis', () => {
    const slices = pieSlices(null);
    expect(slices).toHaveLength(4);
    expect(slices.every((slice) => slice.count === 0)).toBe(true);
    expect(isPieEmpty(slices)).toBe(true);
  });
});
