/**
 * The shape of a rules-analyzer lexicon: general sales-call vocabulary for one language (question
 * openers, objection families, pain-point markers, buying signals, outcome cues) plus the wording the
 * analyzer writes back. Phrases use the syntax of `phraseSource` in `../text.ts` (`*` for up to three
 * words, `{day}`, `{time}`, a trailing `~` for any word ending) and are matched on normalized text
 * (lower case, no accents, punctuation and hyphens as spaces).
 */
import type { CallResultClass } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../language.js';

/**
 * Phrases that share one reason to exist. `why` names the general pattern they capture (a way of
 * saying something, not a call it was seen in): a phrase without a general reason does not belong
 * here. `lexicon.test.ts` fails on duplicate phrases and on phrases that can never fire.
 */
export type PhraseGroup = { why: string; phrases: readonly string[] };

/** An objection family: a readable label and the phrase groups that show it. */
export type ObjectionFamily = { key: string; label: string; groups: readonly PhraseGroup[] };

/** Outcome cues. `cancellation` undoes an earlier booking; `other` marks voicemail or wrong numbers. */
export type OutcomeCues = Record<CallResultClass, readonly PhraseGroup[]> & {
  cancellation: readonly PhraseGroup[];
};

/** Every phrase of some groups, in order. */
export const phrasesOf = (groups: readonly PhraseGroup[]): string[] => groups.flatMap((g) => g.phrases);

export type Lexicon = {
  language: EngineLanguage;
  /** Sentence openers that make a question when the transcript has no punctuation. */
  interrogativeOpeners: readonly PhraseGroup[];
  /** Leading words skipped before looking for an opener ("so", "and", "alors"). */
  discourseMarkers: readonly PhraseGroup[];
  objections: readonly ObjectionFamily[];
  /** Phrases that mark a problem the prospect lives with. */
  painPoints: readonly PhraseGroup[];
  /** Phrases that say what the prospect wants or needs ("we need", "we're looking for"). */
  needs: readonly PhraseGroup[];
  /** Phrases that show interest or intent to buy. */
  buyingSignals: readonly PhraseGroup[];
  /** Interest words: negated ("not interested") they count as a rejection cue. */
  interest: readonly PhraseGroup[];
  /**
   * Hedges that take back what follows ("I'm not saying", "it's not that", "even if"): an objection
   * or pain phrase after one of them in the same sentence does not count.
   */
  hedges: readonly PhraseGroup[];
  /**
   * What a proposal to meet names (a meeting noun, a day, a time): a proposal holding one, answered
   * with a yes, books the meeting ("Can I show you a demo Thursday at two?" / "Sure.").
   */
  meetings: readonly PhraseGroup[];
  /**
   * Ways to propose a next step ("can I", "how about", "je vous propose"): a sentence that ends a turn
   * with one of them, answered with a yes, agrees to what it proposes.
   */
  proposals: readonly PhraseGroup[];
  /** Short answers that say yes to the question before them ("yeah", "exactly", "tout à fait"). */
  affirmations: readonly PhraseGroup[];
  outcomes: OutcomeCues;
  text: {
    outcome: Record<CallResultClass, string>;
    noSummary: string;
    summary: SummaryTexts;
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

/** Wording of the summary (see `summary.ts`). */
export type SummaryTexts = {
  rep: string;
  prospect: string;
  /** "Mark (BrightDesk) spoke with Sarah about the answering service." */
  spokeWith: (rep: string, prospect: string, topic: string | null) => string;
  needs: (who: string, items: readonly string[]) => string;
  problems: (who: string, items: readonly string[]) => string;
  concerns: (items: readonly string[]) => string;
  prices: (items: readonly string[]) => string;
  agreed: Record<CallResultClass, (step: string | null, when: string | null) => string>;
};
