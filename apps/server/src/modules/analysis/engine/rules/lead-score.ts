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

/**
 * A factor as the sentence a reader sees, in the lexicon's language, points included: "Appointment
 * booked (60)", "2 pain points described (+10)"; the cap says why without points.
 */
export function factorReason(
  f: LeadScoreFactor,
  resultClass: CallResultClass,
  text: Lexicon['text'],
): string {
  const r = text.reasons;
  const n = f.count ?? 0;
  const signed = `(${f.points > 0 ? '+' : ''}${f.points})`;
  switch (f.factor) {
    case 'result':
      return `${r.base[resultClass]} (${f.points})`;
    case 'declined_cap':
      return r.capNotInterested;
    case 'pain_points':
      return `${r.painPoints(n)} ${signed}`;
    case 'buying_signals':
      return `${r.buyingSignals(n)} ${signed}`;
    case 'objections':
      return `${r.objections(n)} ${signed}`;
    case 'prospect_questions':
      return `${r.customerQuestions(n)} ${signed}`;
    case 'answered_questions':
      return `${r.answeredQuestions(n, f.of ?? 0)} ${signed}`;
    case 'pricing':
      return `${r.pricing} ${signed}`;
  }
}

export function leadScore(
  input: LeadScoreInput,
  text: Lexicon['text'],
): { score: number; reasons: string[]; factors: LeadScoreFactor[] } {
  // The factors are data (read in the reader's language); the reasons are the same factors as
  // sentences in the call's language (what older readers and language-model analyses show).
  const factors: LeadScoreFactor[] = [{ factor: 'result', points: BASE[input.resultClass] }];
  let score = BASE[input.resultClass];
  const add = (points: number, factor: Omit<LeadScoreFactor, 'points'>) => {
    if (points === 0) return;
    score += points;
    factors.push({ ...factor, points });
  };
  add(Math.min(15, 5 * input.painPoints), { factor: 'pain_points', count: input.painPoints });
  add(Math.min(12, 4 * input.buyingSignals), { factor: 'buying_signals', count: input.buyingSignals });
  add(-Math.min(12, 4 * input.objections), { factor: 'objections', count: input.objections });
  const prospectQuestions = input.questions.filter((q) => q.speaker !== input.rep).length;
  add(Math.min(6, 2 * prospectQuestions), { factor: 'prospect_questions', count: prospectQuestions });
  const repQuestions = input.questions.filter((q) => q.speaker === input.rep);
  const answered = repQuestions.filter((q) => isSubstantiveAnswer(q.answer)).length;
  if (repQuestions.length >= 3 && answered / repQuestions.length >= 0.6) {
    add(5, { factor: 'answered_questions', count: answered, of: repQuestions.length });
  }
  if (input.pricingDiscussed && (input.resultClass === 'appointment' || input.resultClass === 'follow_up')) {
    add(3, { factor: 'pricing' });
  }
  score = Math.max(0, Math.min(100, score));
  if (input.resultClass === 'not_interested' && score > 30) {
    factors.push({ factor: 'declined_cap', points: 30 - score });
    score = 30;
  }
  return { score, reasons: factors.map((f) => factorReason(f, input.resultClass, text)), factors };
}
