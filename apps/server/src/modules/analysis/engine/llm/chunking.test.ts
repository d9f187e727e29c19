import { describe, expect, it } from 'vitest';
import { chunkLines, transcriptLines } from './chunking.js';

describe('transcript chunking', () => {
  it('writes one timed line per segment, in time order', () => {
    expect(
      transcriptLines([
        { speaker: 'B', start: 65, end: 70, text: ' Sure. ' },
        { speaker: 'A', start: 3, end: 5, text: 'Hello?' },
        { speaker: 'A', start: 80, end: 81, text: '  ' },
      ]),
    ).toEqual(['[00:03] A: Hello?', '[01:05] B: Sure.']);
  });

  it('cuts on line boundaries under the budget', () => {
    const lines = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)];
    expect(chunkLines(lines, 90)).toEqual([`${lines[0]}\n${lines[1]}`, lines[2]]);
    expect(chunkLines([], 90)).toEqual([]);
  });

  it('splits a line longer than the budget between sentences, keeping its speaker prefix', () => {
    const line = `[00:00] Rep: ${'One two three four five. '.repeat(8).trim()}`;
    const chunks = chunkLines([line], 80);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(80);
      expect(c.startsWith('[00:00] Rep: ')).toBe(true);
    }
  });
});
