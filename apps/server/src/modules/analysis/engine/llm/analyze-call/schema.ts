/**
 * What the model must return for one transcript chunk. Every field is required and described (the
 * descriptions travel in the JSON schema the SDK sends as `response_format`), so strict
 * structured-output servers accept it; ranges are stated in words and enforced in code after parsing.
 */
import { CallResultClass } from '@call-insights/contracts/analysis';
import { z } from 'zod';

export const QuestionAnswer = z.object({
  question: z.string().describe('A question asked in the call, quoted or closely paraphrased'),
  asked_by: z.string().describe('Speaker label of whoever asked it, exactly as written in the transcript'),
  answer: z
    .string()
    .describe('The reply the other side gave, quoted or closely paraphrased; empty string when unanswered'),
});

export const CallAnalysisChunk = z.object({
  call_results: z
    .string()
    .describe('One or two sentences: how this part of the call ended and the next step agreed, if any'),
  call_summary: z.string().describe('Summary of this part of the call in two or three sentences'),
  questions: z.array(QuestionAnswer).describe('Questions asked in this part, in order, with their answers'),
  objections: z
    .array(z.string())
    .describe(
      'Objections raised by the prospect (price, timing, existing provider, decision maker, no need, trust, contract, wants to think), each a short phrase in the prospect’s words; empty when none',
    ),
  pain_points: z
    .array(z.string())
    .describe('Problems or frustrations the prospect described, each a short phrase; empty when none'),
  pricing_discussed: z
    .array(z.string())
    .describe(
      'Each price mentioned, written as amount + currency + period, e.g. "$299 per month", "$49 per user per month", "$5,000 one-time", "1 200 € par mois"; empty when none',
    ),
  result_class: CallResultClass,
  lead_score: z.number().describe('Lead quality from 0 (cold) to 100 (ready to buy), an integer'),
  lead_score_reasons: z.array(z.string()).describe('One short reason per factor behind the lead score'),
});
export type CallAnalysisChunk = z.infer<typeof CallAnalysisChunk>;
