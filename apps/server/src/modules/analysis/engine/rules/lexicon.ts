/**
 * The shape of a rules-analyzer lexicon: general sales-call vocabulary for one language (question
 * openers, objection families, pain-point markers, buying signals, outcome cues) plus the wording the
 * analyzer writes back. Phrases use the syntax of `phraseSource` in `../text.ts` (`*` for up to three
 * words, `{day}`, `{time}`, a trailing `~` for any word ending) and are matched on normalized text
 * (lower case, no accents, punctuation and hyphens as spaces).
 */
import type { CallResultClass } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../language.js';

/** An objection family: a readable label and the phrases that show it. */
export type ObjectionFamily = { key: string; label: string; phrases: readonly string[] };

/** Outcome cues. `cancellation` undoes an earlier booking; `other` marks voicemail or wrong numbers. */
export type OutcomeCues = Record<CallResultClass, readonly string[]> & { cancellation: readonly string[] };

export type Lexicon = {
  language: EngineLanguage;
  /** Sentence openers that make a question when the transcript has no punctuation. */
  interrogativeOpeners: readonly string[];
  /** Leading words skipped before looking for an opener ("so", "and", "alors"). */
  discourseMarkers: readonly string[];
  objections: readonly ObjectionFamily[];
  /** Phrases that mark a problem the prospect lives with. */
  painPoints: readonly string[];
  /** Phrases that show interest or intent to buy. */
  buyingSignals: readonly string[];
  /** Interest words: negated ("not interested") they count as a rejection cue. */
  interest: readonly string[];
  outcomes: OutcomeCues;
  text: {
    outcome: Record<CallResultClass, string>;
    noSummary: string;
    reasons: {
      base: Record<CallResultClass, string>;
      painPoints: (n: number) => string;
      buyingSignals: (n: number) => string;
      objections: (n: number) => string;
      customerQuestions: (n: number) => string;
      answeredQuestions: (answered: number, asked: number) => string;
      pricing: string;
      capNotInterested: string;
    };
  };
};
