/**
 * Lead score, 0–100, with one reason per factor that moved it.
 *
 *   base by result class: appointment 60, follow_up 40, other 20, not_interested 10
 *   + 5 per pain point described              (at most +15)
 *   + 4 per buying signal                     (at most +12)
 *   − 4 per objection raised                  (at most −12)
 *   + 2 per question the prospect asked       (at most +6)
 *   + 5 when the prospect gave a real answer (4+ words) to at least 60 % of the rep's questions
 *       (the rep asked 3 or more)
 *   + 3 when pricing was discussed on an appointment or follow-up call
 *   then clamped to 0–100, and capped at 30 when the prospect declined.
 */
import type { CallResultClass, LeadScoreFactor } from '@call-insights/contracts/analysis';
import type { Lexicon } from './lexicon.js';
import { isSubstantiveAnswer, type QuestionPair } from './questions.js';

const BASE: Record<CallResultClass, number> = {
  appointment: 60,
  follow_up: 40,
  other: 20,
  not_interested: 10,
};

export type LeadScoreInput = {
  resultClass: CallResultClass;
  painPoints: number;
  buyingSignals: number;
  objections: number;
  questions: readonly QuestionPair[];
  rep: string | null;
  pricingDiscussed: boolean;
};

export function leadScore(
  input: LeadScoreInput,
  text: Lexicon['text'],
): { score: number; reasons: string[]; factors: LeadScoreFactor[] } {
  // Each factor twice: as data (read in the reader's language by the web app) and as a sentence in
  // the call's language (what the assistant quotes and older readers show).
  const reasons: string[] = [];
  const factors: LeadScoreFactor[] = [];
  const r = text.reasons;
  let score = BASE[input.resultClass];
  reasons.push(`${r.base[input.resultClass]} (${score})`);
  factors.push({ factor: 'result', points: score });
  const add = (points: number, reason: string, factor: Omit<LeadScoreFactor, 'points'>) => {
    if (points === 0) return;
    score += points;
    reasons.push(`${reason} (${points > 0 ? '+' : ''}${points})`);
    factors.push({ ...factor, points });
  };
  add(Math.min(15, 5 * input.painPoints), r.painPoints(input.painPoints), {
    factor: 'pain_points',
    count: input.painPoints,
  });
  add(Math.min(12, 4 * input.buyingSignals), r.buyingSignals(input.buyingSignals), {
    factor: 'buying_signals',
    count: input.buyingSignals,
  });
  add(-Math.min(12, 4 * input.objections), r.objections(input.objections), {
    factor: 'objections',
    count: input.objections,
  });
  const prospectQuestions = input.questions.filter((q) => q.speaker !== input.rep).length;
  add(Math.min(6, 2 * prospectQuestions), r.customerQuestions(prospectQuestions), {
    factor: 'prospect_questions',
    count: prospectQuestions,
  });
  const repQuestions = input.questions.filter((q) => q.speaker === input.rep);
  const answered = repQuestions.filter((q) => isSubstantiveAnswer(q.answer)).length;
  if (repQuestions.length >= 3 && answered / repQuestions.length >= 0.6) {
    add(5, r.answeredQuestions(answered, repQuestions.length), {
      factor: 'answered_questions',
      count: answered,
      of: repQuestions.length,
    });
  }
  if (input.pricingDiscussed && (input.resultClass === 'appointment' || input.resultClass === 'follow_up')) {
    add(3, r.pricing, { factor: 'pricing' });
  }
  score = Math.max(0, Math.min(100, score));
  if (input.resultClass === 'not_interested' && score > 30) {
    factors.push({ factor: 'declined_cap', points: 30 - score });
    score = 30;
    reasons.push(r.capNotInterested);
  }
  return { score, reasons, factors };
}
