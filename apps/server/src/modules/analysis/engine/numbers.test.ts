import { describe, expect, it } from 'vitest';
import { mayStartNumberWords, readNumberWords, type NumberLanguage } from './numbers.js';

/** Reads the number at the start of a phrase; values worked out by hand in the comments. */
const read = (phrase: string, language: NumberLanguage) => {
  const tokens = phrase.split(/[\s-]+/u);
  const r = readNumberWords(tokens, 0, language);
  return r ? { value: r.value, words: tokens.slice(0, r.length).join(' ') } : null;
};

describe('English number words', () => {
  it.each([
    ['nine dollars', 9, 'nine'],
    ['twenty one', 21, 'twenty one'],
    ['three hundred and fifty to five hundred', 350, 'three hundred and fifty'], // 3×100 + 50
    ['two hundred ninety nine dollars', 299, 'two hundred ninety nine'], // 2×100 + 90 + 9
    ['twelve hundred a quarter', 1200, 'twelve hundred'], // 12×100
    ['four thousand six hundred a year', 4600, 'four thousand six hundred'], // 4×1000 + 6×100
    ['two ninety nine a month', 299, 'two ninety nine'], // price said in hundreds: 2×100 + 99
    ['one forty a month', 140, 'one forty'], // 1×100 + 40
    ['twelve fifty', 12.5, 'twelve fifty'], // 12 dollars 50 cents
    ['twenty four fifty an hour', 24.5, 'twenty four fifty'], // 24 dollars 50 cents
    ['forty four ninety nine', 44.99, 'forty four ninety nine'], // 44 dollars 99 cents
    ['a hundred and twenty bucks', 120, 'a hundred and twenty'], // 1×100 + 20
    ['a thousand', 1000, 'a thousand'],
    ['one point five million', 1_500_000, 'one point five million'], // 1.5 × 1e6
    ['forty-nine', 49, 'forty nine'],
    ['two hundred thousand', 200_000, 'two hundred thousand'], // (2×100) × 1000
    ['fifteen grand', 15_000, 'fifteen grand'],
  ])('%s → %d', (phrase, value, words) => {
    expect(read(phrase, 'en')).toEqual({ value, words });
  });

  it('keeps digit-by-digit readings apart (phone numbers) and rejects non-numbers', () => {
    expect(read('five five five one two one two', 'en')).toEqual({ value: 5, words: 'five' });
    expect(read('twenty twenty four', 'en')).toEqual({ value: 20, words: 'twenty' });
    expect(read('hundred', 'en')).toBeNull();
    expect(read('a month', 'en')).toBeNull();
    expect(read('and fifty', 'en')).toBeNull();
  });
});

describe('French number words', () => {
  it.each([
    ['soixante-quinze dollars', 75, 'soixante quinze'], // 60 + 15
    ['soixante-dix-sept', 77, 'soixante dix sept'], // 60 + 10 + 7
    ['quatre-vingt-dix-neuf', 99, 'quatre vingt dix neuf'], // 4×20 + 10 + 9
    ['quatre-vingts euros', 80, 'quatre vingts'],
    ['quatre-vingt-onze', 91, 'quatre vingt onze'], // 80 + 11
    ['vingt et un', 21, 'vingt et un'],
    ['soixante et onze', 71, 'soixante et onze'],
    ['mille deux cents euros', 1200, 'mille deux cents'], // 1000 + 2×100
    ['mille cent euros', 1100, 'mille cent'], // 1000 + 100
    ['deux mille cent cinquante', 2150, 'deux mille cent cinquante'], // 2×1000 + 100 + 50
    ['deux cents', 200, 'deux cents'],
    ['douze cents', 1200, 'douze cents'], // 12×100
    ['quatre mille six cents par an', 4600, 'quatre mille six cents'], // 4×1000 + 6×100
    ['trois cent cinquante', 350, 'trois cent cinquante'],
    ['cent euros', 100, 'cent'],
    ['deux cent mille', 200_000, 'deux cent mille'], // (2×100) × 1000
    ['nonante-neuf', 99, 'nonante neuf'],
    ['septante-cinq', 75, 'septante cinq'],
    ['un million', 1_000_000, 'un million'],
    ['dix-huit', 18, 'dix huit'],
  ])('%s → %d', (phrase, value, words) => {
    expect(read(phrase, 'fr')).toEqual({ value, words });
  });

  it('reads "un"/"une" as an article unless a large scale follows', () => {
    expect(read('un abonnement', 'fr')).toBeNull();
    expect(read('une fois', 'fr')).toBeNull();
    expect(read('cinq cinq cinq', 'fr')).toEqual({ value: 5, words: 'cinq' });
  });
});

describe('fractions said after a number', () => {
  it.each([
    ['eight and a half', 8.5, 'eight and a half'],
    ['twelve and a half thousand a year', 12500, 'twelve and a half thousand'], // (12 + 0.5) × 1000
    ['two and a quarter million', 2250000, 'two and a quarter million'], // (2 + 0.25) × 1,000,000
    ['three hundred and fifty', 350, 'three hundred and fifty'],
  ])('%s', (phrase, value, words) => {
    expect(read(phrase, 'en')).toEqual({ value, words });
  });
});

describe('where number words may start', () => {
  // The price reader skips every word that cannot start a number (`mayStartNumberWords`) before it
  // tries to read one: it must never skip a word that `readNumberWords` reads.
  const starts = {
    en: [
      'a',
      'another',
      'one',
      'twelve',
      'forty',
      'hundred',
      'thousand',
      'zero',
      'the',
      'per',
      'dollars',
      'and',
    ],
    fr: ['un', 'une', 'zero', 'douze', 'quarante', 'cent', 'mille', 'et', 'le', 'euros', 'virgule', 'par'],
  } as const;
  const nexts = {
    en: ['hundred', 'thousand', 'million', 'fifty', 'five', 'dollars', 'and', 'point', 'time'],
    fr: ['cents', 'mille', 'millions', 'virgule', 'cinq', 'euros', 'et', 'un'],
  } as const;
  for (const language of ['en', 'fr'] as const) {
    it(`in ${language}: never skips a word a number is read from`, () => {
      for (const first of starts[language])
        for (const next of nexts[language]) {
          const read = readNumberWords([first, next, 'cinq', 'five'], 0, language);
          if (read) expect(mayStartNumberWords(first, next, language), `${first} ${next}`).toBe(true);
        }
      expect(mayStartNumberWords('the', 'hundred', 'en')).toBe(false);
      expect(mayStartNumberWords('a', 'dollar', 'en')).toBe(false);
      expect(mayStartNumberWords('le', 'cent', 'fr')).toBe(false);
    });
  }
});
