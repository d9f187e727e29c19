import { describe, expect, it } from 'vitest';
import { normalizeForMatch, PhraseMatcher, phraseSource } from '../text.js';
import { LEXICONS } from './compiled-lexicon.js';
import { phrasesOf, type Lexicon, type PhraseGroup } from './lexicon.js';

/** The matchers of a lexicon as the analyzer builds them: one list of entries per matcher, in order. */
function matchers(lex: Lexicon): Record<string, { phrase: string; owner: string }[]> {
  const entries = (groups: readonly PhraseGroup[], owner: string) =>
    phrasesOf(groups).map((phrase) => ({ phrase, owner }));
  return {
    objections: lex.objections.flatMap((f) => entries(f.groups, f.key)),
    painPoints: entries(lex.painPoints, 'pain'),
    buyingSignals: entries(lex.buyingSignals, 'buying'),
    needs: entries(lex.needs, 'needs'),
    hedges: entries(lex.hedges, 'hedges'),
    meetings: entries(lex.meetings, 'meetings'),
    proposals: entries(lex.proposals, 'proposals'),
    affirmations: entries(lex.affirmations, 'yes'),
    openers: entries(lex.interrogativeOpeners, 'opener'),
    markers: entries(lex.discourseMarkers, 'marker'),
    outcomes: [
      ...(['cancellation', 'not_interested', 'other', 'appointment', 'follow_up'] as const).flatMap((k) =>
        entries(lex.outcomes[k], k),
      ),
      ...entries(lex.interest, 'interest'),
    ],
  };
}

/** A plain sentence that says the phrase: a wildcard as one word, placeholders filled, open endings closed. */
const sample = (phrase: string) =>
  phrase
    .split(/\s+/u)
    .map((w) =>
      w === '*' ? 'zz' : w === '{day}' ? 'tuesday' : w === '{time}' ? '3 pm' : w.replace(/~$/u, ''),
    )
    .join(' ');

describe.each(Object.values(LEXICONS).map((l) => [l.language, l] as const))('lexicon %s', (_, lex) => {
  const all = matchers(lex);

  it('gives every phrase group a reason', () => {
    const groups = [
      ...lex.objections.flatMap((f) => f.groups),
      ...lex.painPoints,
      ...lex.buyingSignals,
      ...lex.needs,
      ...lex.hedges,
      ...lex.meetings,
      ...lex.proposals,
      ...lex.affirmations,
      ...lex.interrogativeOpeners,
      ...lex.discourseMarkers,
      ...lex.interest,
      ...Object.values(lex.outcomes).flat(),
    ];
    for (const g of groups) {
      expect(g.why.trim().split(/\s+/u).length, JSON.stringify(g.phrases)).toBeGreaterThanOrEqual(3);
      expect(g.phrases.length).toBeGreaterThan(0);
    }
  });

  it.each(Object.keys(all))('has no duplicate phrase in the %s matcher', (name) => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const { phrase } of all[name] ?? []) {
      const key = phraseSource(phrase);
      if (seen.has(key)) dupes.push(`"${phrase}" (same as "${seen.get(key)}")`);
      seen.set(key, phrase);
    }
    expect(dupes, dupes.join(', ')).toEqual([]);
  });

  it.each(Object.keys(all))('has no phrase in the %s matcher that can never fire', (name) => {
    const entries = all[name] ?? [];
    const matcher = new PhraseMatcher(entries.map((e) => ({ phrase: e.phrase, value: e.owner })));
    const dead: string[] = [];
    for (const { phrase } of entries) {
      // Said on its own, the phrase must be matched by itself: not lost to normalization (fillers
      // such as "euh" are blanked) nor shadowed by an earlier entry that matches at the same place.
      const hits = matcher.findAll(normalizeForMatch(sample(phrase)));
      if (!hits.some((h) => h.phrase === phrase))
        dead.push(`"${phrase}"${hits[0] ? ` (taken by "${hits[0].phrase}")` : ''}`);
    }
    expect(dead, dead.join(', ')).toEqual([]);
  });
});

describe('lexicon checks', () => {
  it('catch a shadowed phrase and a phrase lost to normalization', () => {
    const matcher = new PhraseMatcher([
      { phrase: 'shopping around', value: 1 },
      { phrase: 'shopping * around', value: 2 },
      { phrase: 'euh', value: 3 },
    ]);
    expect(matcher.findAll(normalizeForMatch(sample('shopping around')))[0]?.phrase).toBe(
      'shopping * around',
    );
    expect(matcher.findAll(normalizeForMatch(sample('euh')))).toEqual([]);
  });
});
