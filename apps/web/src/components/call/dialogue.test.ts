import { describe, expect, it } from 'vitest';
import { activeTurnIndex, mergeTurns, speakerOrder } from './dialogue';

const seg = (speaker: string, start: number, end: number, text: string) => ({ speaker, start, end, text });

describe('mergeTurns', () => {
  it('joins consecutive segments of one speaker', () => {
    const turns = mergeTurns([
      seg('A', 0, 2, 'Hello,'),
      seg('A', 2.5, 4, ' how are you?'),
      seg('B', 4.2, 6, 'Fine.'),
      seg('A', 6.5, 8, 'Great.'),
      seg('A', 8.1, 9, ''),
    ]);
    expect(turns).toEqual([
      { speaker: 'A', start: 0, end: 4, text: 'Hello, how are you?' },
      { speaker: 'B', start: 4.2, end: 6, text: 'Fine.' },
      { speaker: 'A', start: 6.5, end: 9, text: 'Great.' },
    ]);
  });

  it('orders segments by start time first (per-channel transcripts interleave)', () => {
    const turns = mergeTurns([seg('A', 0, 1, 'one'), seg('A', 5, 6, 'three'), seg('B', 2, 3, 'two')]);
    expect(turns.map((turn) => turn.text)).toEqual(['one', 'two', 'three']);
  });

  it('does not change its input and handles no segments', () => {
    const input = [seg('A', 0, 1, 'a'), seg('A', 1, 2, 'b')];
    mergeTurns(input);
    expect(input[0]).toEqual(seg('A', 0, 1, 'a'));
    expect(mergeTurns([])).toEqual([]);
  });
});

describe('speakerOrder', () => {
  it('lists speakers by first appearance', () => {
    expect(speakerOrder([seg('B', 0, 1, ''), seg('A', 1, 2, ''), seg('B', 2, 3, '')])).toEqual(['B', 'A']);
  });
});

describe('activeTurnIndex', () => {
  const turns = [{ start: 1 }, { start: 5 }, { start: 9 }];

  it('finds the last turn that has started', () => {
    expect(activeTurnIndex(turns, 0)).toBe(-1);
    expect(activeTurnIndex(turns, 1)).toBe(0);
    expect(activeTurnIndex(turns, 4.99)).toBe(1);
    expect(activeTurnIndex(turns, 7)).toBe(1);
    expect(activeTurnIndex(turns, 100)).toBe(2);
    expect(activeTurnIndex([], 3)).toBe(-1);
  });
});
