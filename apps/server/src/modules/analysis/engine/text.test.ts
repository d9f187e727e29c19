import { describe, expect, it } from 'vitest';
import { detectLanguage, resolveLanguage } from './language.js';
import { clauseAround, isNegated, normalizeForMatch, PhraseMatcher, splitSentences } from './text.js';

describe('splitSentences', () => {
  it('splits on end punctuation followed by a space, keeping prices and abbreviations whole', () => {
    expect(splitSentences('It is $49.99 per month. Dr. Smith agreed! Ça va ? Oui')).toEqual([
      'It is $49.99 per month.',
      'Dr. Smith agreed!',
      'Ça va ?',
      'Oui',
    ]);
  });
});

describe('normalizeForMatch', () => {
  it('keeps the length so indices map back to the original', () => {
    const s = 'Ça ne m’intéresse pas — euh, vraiment, 😀 non-merci !';
    const n = normalizeForMatch(s);
    expect(n).toHaveLength(s.length);
    expect(n).toContain("ca ne m'interesse pas");
    expect(n).toContain('non merci');
    expect(n).not.toContain('euh');
  });
});

describe('PhraseMatcher', () => {
  it('supports wildcards, placeholders and open endings', () => {
    const m = new PhraseMatcher([
      { phrase: 'send * the invite', value: 'invite' },
      { phrase: '{day} at {time} works', value: 'slot' },
      { phrase: 'frustrat~', value: 'pain' },
    ]);
    const text = normalizeForMatch("I'll send you the invite. Tuesday at 2 pm works, it was frustrating.");
    expect(m.findAll(text).map((h) => h.value)).toEqual(['invite', 'slot', 'pain']);
  });
});

describe('isNegated', () => {
  const at = (s: string, phrase: string, lang = 'en') => {
    const n = normalizeForMatch(s);
    const i = n.indexOf(phrase);
    return isNegated(n, i, i + phrase.length, lang, s);
  };
  it('sees negations before the phrase, and French "pas" after it', () => {
    expect(at("I'm not interested", 'interested')).toBe(true);
    expect(at("we don't need it", 'need')).toBe(true);
    expect(at("ça m'intéresse pas", "m'interesse", 'fr')).toBe(true);
    expect(at("ce n'est pas trop cher", 'trop cher', 'fr')).toBe(true);
  });
  it('ignores answers and idioms that only look negative', () => {
    expect(at('No, Tuesday works', 'tuesday works')).toBe(false);
    expect(at("Don't worry, I'll call you back", 'call you back')).toBe(false);
    expect(at("N'hésitez pas à me rappeler", 'me rappeler', 'fr')).toBe(false);
    expect(at("I'm interested", 'interested')).toBe(false);
    expect(at('There is no need for it', 'need')).toBe(true);
  });
});

describe('clauseAround', () => {
  it('returns the clause of the hit, borrowing a neighbour when too short', () => {
    const s = 'I like it, but honestly it is too expensive for us, you know.';
    const n = normalizeForMatch(s);
    const i = n.indexOf('too expensive');
    expect(clauseAround(s, i, i + 13).text).toBe('It is too expensive for us');
    const t = "This is the second time the bill has been wrong, it's really annoying.";
    const j = normalizeForMatch(t).indexOf('annoying');
    expect(clauseAround(t, j, j + 8).text).toBe(
      "This is the second time the bill has been wrong, it's really annoying",
    );
  });
});

describe('language', () => {
  it('detects French and English from stop words and honours a declared language', () => {
    expect(detectLanguage("Bonjour, je vous appelle pour votre site, est-ce que c'est un bon moment ?")).toBe(
      'fr',
    );
    expect(detectLanguage('Hi, I am calling about your website, is this a good time?')).toBe('en');
    expect(resolveLanguage('fr-CA', 'Hello there, how are you?')).toBe('fr');
    expect(resolveLanguage('es', 'Hello there, how are you?')).toBe('en');
  });
});
