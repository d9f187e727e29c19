/**
 * Lexicons compiled to matchers once per process: one combined regex per phrase family, so the rules
 * analyzer scans each sentence a handful of times whatever the size of the lexicon.
 */
import type { CallResultClass } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../language.js';
import { PhraseMatcher, phraseSource } from '../text.js';
import type { Lexicon, ObjectionFamily } from './lexicon.js';
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
  outcomes: PhraseMatcher<OutcomeKind>;
};

export const LEXICONS: Record<EngineLanguage, Lexicon> = { en: LEXICON_EN, fr: LEXICON_FR };

function compile(lexicon: Lexicon): CompiledLexicon {
  const markers = lexicon.discourseMarkers.map((m) => phraseSource(m)).join('|');
  const openers = lexicon.interrogativeOpeners.map((o) => phraseSource(o)).join('|');
  const outcomeEntries: { phrase: string; value: OutcomeKind }[] = [];
  // Order matters at equal start positions: "not interested" must win over "interested".
  for (const kind of ['cancellation', 'not_interested', 'other', 'appointment', 'follow_up'] as const) {
    for (const phrase of lexicon.outcomes[kind]) outcomeEntries.push({ phrase, value: kind });
  }
  for (const phrase of lexicon.interest) outcomeEntries.push({ phrase, value: 'interest' });
  return {
    lexicon,
    opener: new RegExp(`^\\s*(?:(?:${markers})\\s+)*(?:${openers})`, 'u'),
    objections: new PhraseMatcher(
      lexicon.objections.flatMap((family) => family.phrases.map((phrase) => ({ phrase, value: family }))),
    ),
    painPoints: new PhraseMatcher(lexicon.painPoints.map((phrase) => ({ phrase, value: true as const }))),
    buyingSignals: new PhraseMatcher(
      lexicon.buyingSignals.map((phrase) => ({ phrase, value: true as const })),
    ),
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
