/**
 * Lexicons compiled to matchers once per process: one combined regex per phrase family, so the rules
 * analyzer scans each sentence a handful of times whatever the size of the lexicon.
 */
import type { CallResultClass } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../language.js';
import { PhraseMatcher, phraseSource } from '../text.js';
import { phrasesOf, type Lexicon, type ObjectionFamily } from './lexicon.js';
import { LEXICON_EN } from './lexicon.en.js';
import { LEXICON_FR } from './lexicon.fr.js';

export type OutcomeKind = CallResultClass | 'cancellation' | 'interest';

export type CompiledLexicon = {
  lexicon: Lexicon;
  /** Matches a normalized sentence that opens with an interrogative (after discourse markers). */
  opener: RegExp;
  objections: PhraseMatcher<ObjectionFamily>;
  painPoints: PhraseMatcher<true>;
  buyingSignals: PhraseMatcher<true>;
  needs: PhraseMatcher<true>;
  hedges: PhraseMatcher<true>;
  meetings: PhraseMatcher<true>;
  proposals: PhraseMatcher<true>;
  /** Matches a normalized answer that opens with a yes ("yeah, all the time"). */
  affirmation: RegExp;
  outcomes: PhraseMatcher<OutcomeKind>;
};

const CONTRAST_WORD = /(?<![\p{L}'])(?:but|mais)(?![\p{L}'])/u;

/**
 * Whether a hedge ("I'm not saying", "even if", "je ne dis pas") before `end` of a normalized sentence
 * still governs the text there. A "but" / "mais" after the hedge ends it: "I'm not saying it's too
 * expensive, but I can't sign anything" takes back the price and says the rest ("je dis pas que
 * c'est trop cher, mais le budget est voté" the same).
 */
export function hedgedBefore(lex: CompiledLexicon, norm: string, end: number): boolean {
  const text = norm.slice(0, end);
  return lex.hedges.findAll(text).some((h) => !CONTRAST_WORD.test(text.slice(h.end)));
}

const flag = (phrases: readonly string[]) =>
  new PhraseMatcher(phrases.map((phrase) => ({ phrase, value: true as const })));

export const LEXICONS: Record<EngineLanguage, Lexicon> = { en: LEXICON_EN, fr: LEXICON_FR };

function compile(lexicon: Lexicon): CompiledLexicon {
  const markers = phrasesOf(lexicon.discourseMarkers)
    .map((m) => phraseSource(m))
    .join('|');
  const openers = phrasesOf(lexicon.interrogativeOpeners)
    .map((o) => phraseSource(o))
    .join('|');
  const yes = phrasesOf(lexicon.affirmations)
    .map((o) => phraseSource(o))
    .join('|');
  const outcomeEntries: { phrase: string; value: OutcomeKind }[] = [];
  // Order matters at equal start positions: "not interested" must win over "interested".
  for (const kind of ['cancellation', 'not_interested', 'other', 'appointment', 'follow_up'] as const) {
    for (const phrase of phrasesOf(lexicon.outcomes[kind])) outcomeEntries.push({ phrase, value: kind });
  }
  for (const phrase of phrasesOf(lexicon.interest)) outcomeEntries.push({ phrase, value: 'interest' });
  return {
    lexicon,
    opener: new RegExp(`^\\s*(?:(?:${markers})\\s+)*(?:${openers})`, 'u'),
    objections: new PhraseMatcher(
      lexicon.objections.flatMap((family) =>
        phrasesOf(family.groups).map((phrase) => ({ phrase, value: family })),
      ),
    ),
    painPoints: flag(phrasesOf(lexicon.painPoints)),
    buyingSignals: flag(phrasesOf(lexicon.buyingSignals)),
    needs: flag(phrasesOf(lexicon.needs)),
    hedges: flag(phrasesOf(lexicon.hedges)),
    meetings: flag(phrasesOf(lexicon.meetings)),
    proposals: flag(phrasesOf(lexicon.proposals)),
    affirmation: new RegExp(`^\\s*(?:${yes})(?![\\p{L}\\p{N}])`, 'u'),
    outcomes: new PhraseMatcher(outcomeEntries),
  };
}

const cache = new Map<EngineLanguage, CompiledLexicon>();

/** The compiled lexicon of a language (compiled on first use, then shared). */
export function compiledLexicon(language: EngineLanguage): CompiledLexicon {
  let c = cache.get(language);
  if (!c) {
    c = compile(LEXICONS[language]);
    cache.set(language, c);
  }
  return c;
}
