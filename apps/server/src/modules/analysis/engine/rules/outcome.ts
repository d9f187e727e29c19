/**
 * Result class from outcome cues, read in call order; the last relevant cue wins, so a refusal
 * followed by a booking is an appointment and "not now, call me back in June" is a follow-up.
 *
 * Rules, in order:
 *  - cues inside questions do not count ("Would you like to book a demo?" proposes, it does not agree);
 *  - a negated rejection cue is ignored ("it's not that I'm not interested");
 *  - a negated interest or follow-up cue is a rejection ("not interested", "don't call me back");
 *    a negated booking cue is ignored ("we haven't scheduled anything yet");
 *  - once an appointment is booked, later follow-up or rejection cues do not undo it (a booked call
 *    usually ends with "I'll send you a follow-up email" or "no, that's all, thanks"); only an explicit
 *    cancellation ("cancel the meeting") does;
 *  - voicemail / wrong-number cues only name the evidence of an "other" call; no cue at all → other.
 */
import type { CallResultClass } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../language.js';
import { isNegated } from '../text.js';
import type { CompiledLexicon } from './compiled-lexicon.js';
import type { CallSentence } from './signals.js';

export type OutcomeDecision = {
  resultClass: CallResultClass;
  /** The sentence of the cue that decided the class, when there is one. */
  evidence: CallSentence | null;
  /** Sentences that carried any counted cue (used by the summary). */
  cueSentences: Set<number>;
};

export function decideOutcome(
  sentences: readonly CallSentence[],
  lex: CompiledLexicon,
  language: EngineLanguage,
): OutcomeDecision {
  let resultClass: CallResultClass = 'other';
  let evidence: CallSentence | null = null;
  let otherEvidence: CallSentence | null = null;
  const cueSentences = new Set<number>();

  for (const s of sentences) {
    if (s.question) continue;
    for (const hit of lex.outcomes.findAll(s.norm)) {
      const negated = isNegated(s.norm, hit.start, hit.end, language, s.text);
      let cue: CallResultClass | 'cancellation' | null;
      switch (hit.value) {
        case 'interest':
          cue = negated ? 'not_interested' : null;
          break;
        case 'follow_up':
          cue = negated ? 'not_interested' : 'follow_up';
          break;
        case 'appointment':
          cue = negated ? null : 'appointment';
          break;
        default:
          cue = negated ? null : hit.value;
      }
      if (cue === null) continue;
      cueSentences.add(s.index);
      if (cue === 'other') {
        otherEvidence ??= s;
        continue;
      }
      if (cue === 'cancellation') {
        if (resultClass === 'appointment') {
          resultClass = 'not_interested';
          evidence = s;
        }
        continue;
      }
      if (resultClass === 'appointment' && cue !== 'appointment') continue;
      resultClass = cue;
      evidence = s;
    }
  }
  if (resultClass === 'other') evidence = otherEvidence;
  return { resultClass, evidence, cueSentences };
}
