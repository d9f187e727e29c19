/**
 * Tracker matching, with expected hits worked out by reading each sentence: case, accents,
 * punctuation, word boundaries, French elisions, multi-word phrases, times and speakers.
 */
import { describe, expect, it } from 'vitest';
import { compileTrackers, phraseWords, sentenceAround } from './matching.js';

const seg = (text: string, speaker = 'Speaker 2', start = 10, end = 14) => ({ speaker, start, end, text });
const match = (phrases: string[], texts: string[]) =>
  compileTrackers([{ id: 7, phrases }]).match(
    texts.map((t, i) => seg(t, `Speaker ${(i % 2) + 1}`, i * 5, i * 5 + 4)),
  );

describe('tracker matching', () => {
  it('ignores case and accents both ways', () => {
    const hits = match(['décideur', 'decision maker'], ['Le DECIDEUR final ? Le Décision-Maker, pardon.']);
    // "DECIDEUR" (no accent, upper case) and "Décision-Maker" (accent, hyphen) both match.
    expect(hits.map((h) => [h.phrase, h.said])).toEqual([
      ['décideur', 'DECIDEUR'],
      ['decision maker', 'Décision-Maker'],
    ]);
  });

  it('matches whole words only', () => {
    const hits = match(
      ['quote', 'cost'],
      ['They quoted me, but your quote costs more. Quotes vary at Costco.'],
    );
    // "quoted", "Quotes", "costs" and "Costco" are other words; only "your quote" is the phrase.
    expect(hits.map((h) => h.said)).toEqual(['quote']);
    // "They quoted me, but your " is 25 characters: the hit starts at index 25.
    expect(hits[0]?.charStart).toBe(25);
  });

  it('finds words after a French elision, with straight or curly apostrophes', () => {
    const hits = match(
      ['assureur', "l'offre", 'autre fournisseur'],
      ["C’est l’assureur qui paie, et l'offre d’un autre fournisseur est moins chère."],
    );
    expect(hits.map((h) => h.said)).toEqual(['assureur', "l'offre", 'autre fournisseur']);
    // "C’est l’" is 8 characters: "assureur" starts at 8.
    expect(hits[0]?.charStart).toBe(8);
  });

  it('matches multi-word phrases across spacing and punctuation, not with words in between', () => {
    const hits = match(
      ['another company', 'cheaper elsewhere'],
      ['Another  company called. It is cheaper, elsewhere.', 'Another big company called.'],
    );
    // Segment 1 holds both phrases; segment 2 has "big" between the words: no hit.
    expect(hits.map((h) => [h.segmentIndex, h.said])).toEqual([
      [0, 'Another  company'],
      [0, 'cheaper, elsewhere'],
    ]);
  });

  it('keeps the time and speaker of the segment and the sentence around the mention', () => {
    const hits = match(['budget'], ['Hello there.', 'Fine. Our budget is tight this year! Anyway, go on.']);
    expect(hits).toEqual([
      {
        trackerId: 7,
        segmentIndex: 1,
        charStart: 10,
        speaker: 'Speaker 2',
        start: 5,
        end: 9,
        phrase: 'budget',
        said: 'budget',
        sentence: 'Our budget is tight this year!',
      },
    ]);
  });

  it('counts every mention, and each tracker sees a word another tracker also has', () => {
    const compiled = compileTrackers([
      { id: 1, phrases: ['budget'] },
      { id: 2, phrases: ['budget', 'next quarter'] },
    ]);
    const hits = compiled.match([seg('Budget first: the budget for next quarter.')]);
    // Tracker 1: two "budget"; tracker 2: two "budget" and "next quarter".
    expect(hits.filter((h) => h.trackerId === 1)).toHaveLength(2);
    expect(hits.filter((h) => h.trackerId === 2).map((h) => h.phrase)).toEqual([
      'budget',
      'budget',
      'next quarter',
    ]);
  });

  it('prefers the longest phrase where two start at the same word', () => {
    const hits = match(['cheaper', 'cheaper elsewhere'], ['We found it cheaper elsewhere.']);
    expect(hits.map((h) => h.phrase)).toEqual(['cheaper elsewhere']);
  });

  it("takes phrases literally: the analysis engine's pattern syntax does nothing", () => {
    expect(phraseWords('price~')).toBe('price');
    expect(phraseWords('{day}')).toBe('day');
    expect(phraseWords('  Cheaper-Elsewhere! ')).toBe('cheaper elsewhere');
    const hits = match(['price~', 'call * back'], ['Prices rise. Call me back. Price is fine.']);
    // "price~" is just "price": "Prices" does not match, "Price" does; "*" is no wildcard.
    expect(hits.map((h) => h.said)).toEqual(['Price']);
  });

  it('ignores phrases without words', () => {
    expect(compileTrackers([{ id: 1, phrases: ['!!!', '  '] }]).match([seg('!!! anything')])).toEqual([]);
  });

  it('cuts a very long sentence to a window around the mention', () => {
    const text = `${'word '.repeat(100)}budget ${'more '.repeat(100)}`.trim();
    const start = text.indexOf('budget');
    const sentence = sentenceAround(text, start, start + 6);
    expect(sentence.length).toBeLessThanOrEqual(302);
    expect(sentence).toContain('budget');
    expect(sentence.startsWith('…')).toBe(true);
    expect(sentence.endsWith('…')).toBe(true);
  });
});
