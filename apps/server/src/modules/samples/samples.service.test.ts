import { describe, expect, it } from 'vitest';
import { loadCallFixtures } from './sample-audio.js';
import { estimatedSegments } from './samples.service.js';

/** Without espeak-ng the samples still get a plausible timeline from word counts. */
describe('estimated sample timings', () => {
  it('lays every turn out in order, without overlaps, at a speaking pace', async () => {
    for (const fixture of await loadCallFixtures()) {
      const { segments, durationSec } = estimatedSegments(fixture);
      expect(segments.map((s) => s.text)).toEqual(fixture.turns.map((t) => t.text));
      expect(segments.map((s) => s.speaker)).toEqual(fixture.turns.map((t) => t.speaker));
      for (const [i, s] of segments.entries()) {
        expect(s.end).toBeGreaterThan(s.start);
        if (i > 0) expect(s.start).toBeGreaterThan(segments[i - 1]!.end);
        const words = s.text.split(/\s+/).length;
        expect(words / (s.end - s.start)).toBeLessThanOrEqual(2.61);
      }
      expect(durationSec).toBeGreaterThan(segments.at(-1)!.end);
    }
  });
});
