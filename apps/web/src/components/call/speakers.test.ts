import { describe, expect, it } from 'vitest';
import { describeSpeakers } from './speakers';

describe('describeSpeakers', () => {
  it('puts a known rep first, on the right, and the others as customers', () => {
    expect(describeSpeakers(['Speaker 1', 'Speaker 2'], 'Speaker 2')).toEqual([
      { speaker: 'Speaker 2', role: 'rep', tone: 0, side: 'end' },
      { speaker: 'Speaker 1', role: 'customer', tone: 1, side: 'start' },
    ]);
  });

  it('keeps the order without a known rep', () => {
    expect(describeSpeakers(['A', 'B', 'C'], null)).toEqual([
      { speaker: 'A', role: 'unknown', tone: 0, side: 'start' },
      { speaker: 'B', role: 'unknown', tone: 1, side: 'end' },
      { speaker: 'C', role: 'unknown', tone: 2, side: 'end' },
    ]);
    expect(describeSpeakers(['A'], 'Z')[0]?.role).toBe('unknown');
  });
});
