import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRACKER_PHRASE_MAX, TRACKER_PHRASES_MAX, TrackerInput } from '@call-insights/contracts/trackers';
import { describe, expect, it } from 'vitest';
import { normalizeForMatch } from '../analysis/engine/text.js';
import { DEFAULT_TRACKERS } from './default-trackers.js';
import { phraseWords } from './matching.js';

const devsetDir = fileURLToPath(new URL('../../../devset', import.meta.url));

function devsetTexts(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...devsetTexts(p));
    else if (entry.name.endsWith('.json')) {
      // `agreement/` holds second labels of dev calls, no transcript: the dev file has it.
      const call = JSON.parse(fs.readFileSync(p, 'utf8')) as { segments?: { text: string }[] };
      if (!call.segments) continue;
      const text = call.segments.map((s) => s.text).join(' ');
      out.push(` ${normalizeForMatch(text).replace(/\s+/gu, ' ')} `);
    }
  }
  return out;
}

describe('default trackers', () => {
  it('ship competitors, budget, timing and decision makers, in English and French', () => {
    expect(DEFAULT_TRACKERS.map((t) => t.key)).toEqual([
      'competitors',
      'budget',
      'timing',
      'decision-makers',
    ]);
    for (const t of DEFAULT_TRACKERS) {
      expect(t.en.length, t.key).toBeGreaterThan(0);
      expect(t.fr.length, t.key).toBeGreaterThan(0);
    }
  });

  it('are valid tracker inputs, each phrase with its reason and none twice in a tracker', () => {
    for (const t of DEFAULT_TRACKERS) {
      const input = {
        name: t.name,
        phrases: { en: t.en.map((p) => p.phrase), fr: t.fr.map((p) => p.phrase) },
      };
      expect(TrackerInput.safeParse(input).success, t.key).toBe(true);
      expect(t.en.length).toBeLessThanOrEqual(TRACKER_PHRASES_MAX);
      expect(t.fr.length).toBeLessThanOrEqual(TRACKER_PHRASES_MAX);
      for (const p of [...t.en, ...t.fr]) {
        expect(p.why.trim().length, p.phrase).toBeGreaterThan(5);
        expect(p.phrase.length).toBeLessThanOrEqual(TRACKER_PHRASE_MAX);
        expect(phraseWords(p.phrase), p.phrase).not.toBe('');
      }
      for (const list of [t.en, t.fr]) {
        const words = list.map((p) => phraseWords(p.phrase));
        expect(new Set(words).size, t.key).toBe(words.length);
      }
    }
  });

  it('hold no phrase of three words or more found in the labelled dev and holdout calls', () => {
    const texts = devsetTexts(devsetDir);
    expect(texts.length).toBeGreaterThan(80);
    const lifted = DEFAULT_TRACKERS.flatMap((t) => [...t.en, ...t.fr])
      .map((p) => phraseWords(p.phrase))
      .filter((w) => w.split(' ').length >= 3)
      .filter((w) => texts.some((text) => text.includes(` ${w} `)));
    expect(lifted).toEqual([]);
  });
});
