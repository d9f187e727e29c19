import { z } from 'zod';
import { Id } from './http.js';

/**
 * Call-analysis contracts: the analysis of one recording (spec document 2, "Analysis"), the
 * conversation metrics computed from its speaker segments, and the coaching request/response with
 * the catalogue of coaches and methods. Shared by the web app and the server.
 */

export const CallResultClass = z
  .enum(['appointment', 'follow_up', 'not_interested', 'other'])
  .describe(
    'Outcome of the call: appointment (a meeting, demo or call was booked), follow_up (agreed to talk again or send information, no fixed booking), not_interested (the prospect declined), other (none of these: wrong number, voicemail, support call…)',
  );
export type CallResultClass = z.infer<typeof CallResultClass>;

export const AnalyzerName = z
  .enum(['rules', 'llm'])
  .describe('Which analyzer produced the analysis: offline deterministic rules, or a language model');
export type AnalyzerName = z.infer<typeof AnalyzerName>;

/**
 * One factor of the rules analyzer's lead score (`lead-score.ts` on the server): what moved it and by
 * how many points. `count` is how many (pain points, buying signals, objections, the prospect's
 * questions, the rep's questions answered); `of` is how many questions the rep asked.
 */
export const LeadScoreFactor = z.object({
  factor: z.enum([
    'result',
    'pain_points',
    'buying_signals',
    'objections',
    'prospect_questions',
    'answered_questions',
    'pricing',
    'declined_cap',
  ]),
  points: z.number().int().describe('Points added (negative: taken away); for `result`, the base score'),
  count: z.number().int().nonnegative().optional(),
  of: z.number().int().nonnegative().optional(),
});
export type LeadScoreFactor = z.infer<typeof LeadScoreFactor>;

/** Why the language model could not be used, as data (`fallback_reason` says it in English). */
export const FallbackDetail = z.object({
  kind: z.enum([
    'invalid_output',
    'timeout',
    'rate_limited',
    'unreachable',
    'auth',
    'not_found',
    'server',
    'bad_request',
    'not_configured',
    'unknown',
  ]),
  status: z.number().int().optional().describe('HTTP status the model service answered'),
  seconds: z.number().optional().describe('The time limit that passed (timeout)'),
  host: z.string().optional().describe('The model server’s host (unreachable, not found)'),
  model: z.string().optional().describe('The model asked for (not found)'),
});
export type FallbackDetail = z.infer<typeof FallbackDetail>;

export const Analysis = z.object({
  call_results: z
    .string()
    .describe('One or two sentences saying how the call ended and what was agreed (the next step, if any)'),
  call_summary: z.string().describe('Short summary of the call, two or three sentences'),
  questions: z.array(z.string()).describe('Questions asked during the call, in the order they were asked'),
  answers: z
    .array(z.string())
    .describe('answers[i] is the reply to questions[i]; an empty string when the question got no answer'),
  question_speakers: z
    .array(z.string())
    .describe('question_speakers[i] is the speaker label of whoever asked questions[i]'),
  objections: z
    .array(z.string())
    .describe(
      'Objections the prospect raised (price, timing, competitor, authority, need, trust…), short phrases',
    ),
  pain_points: z.array(z.string()).describe('Problems or frustrations the prospect described, short phrases'),
  pricing_discussed: z
    .array(z.string())
    .describe(
      'Prices mentioned, each with amount, currency and period, e.g. "$299 per month", "1 200 € par mois"',
    ),
  result_class: CallResultClass,
  lead_score: z.number().int().min(0).max(100).describe('How promising the lead is, 0 (cold) to 100 (hot)'),
  lead_score_reasons: z
    .array(z.string())
    .describe('Why the lead got its score: one short reason per factor that moved it'),
  lead_score_factors: z
    .array(LeadScoreFactor)
    .optional()
    .describe(
      'The same reasons as data, so they read in the reader’s language (rules analyzer; absent from language-model analyses and older ones)',
    ),
  analyzer: AnalyzerName,
  fallback_reason: z
    .string()
    .optional()
    .describe(
      'Set when the language model could not be used and the rules analyzer filled in; says why, in words a user can act on',
    ),
  fallback_detail: FallbackDetail.optional().describe(
    'The same reason as data, so it reads in the reader’s language (absent from older analyses)',
  ),
});
export type Analysis = z.infer<typeof Analysis>;

export const SpeakerMetrics = z.object({
  speaker: z.string().describe('Speaker label as it appears in the transcript segments'),
  talk_seconds: z.number().nonnegative().describe('Total seconds this speaker spoke'),
  talk_ratio: z.number().min(0).max(1).describe("This speaker's share of all talk time, 0 to 1"),
  longest_monologue_seconds: z
    .number()
    .nonnegative()
    .describe('Longest uninterrupted stretch by this speaker, consecutive segments merged, in seconds'),
  question_count: z.number().int().nonnegative().describe('Questions this speaker asked'),
  words_per_minute: z.number().nonnegative().describe('Words spoken per minute of this speaker’s talk time'),
});
export type SpeakerMetrics = z.infer<typeof SpeakerMetrics>;

export const ConversationMetrics = z.object({
  speakers: z.array(SpeakerMetrics).describe('One entry per speaker, in order of first appearance'),
  rep_speaker: z
    .string()
    .nullable()
    .describe('Speaker taken to be the sales rep (given, or guessed: most questions, then first to speak)'),
  total_duration: z
    .number()
    .nonnegative()
    .describe('Seconds from the start of the first segment to the end of the last one'),
  interactivity: z.number().nonnegative().describe('Speaker switches per minute of call'),
  patience_seconds: z
    .number()
    .nonnegative()
    .describe('Mean pause, in seconds, between the end of a customer turn and the start of the rep’s reply'),
});
export type ConversationMetrics = z.infer<typeof ConversationMetrics>;

/** Phrases in each language; used for rubric examples and cue lists. French may be left out (none). */
export const LocalizedPhrases = z.object({
  en: z.array(z.string()).describe('English phrasings'),
  fr: z
    .array(z.string())
    .default(() => [])
    .describe('French phrasings (none when left out: English is used)'),
});
export type LocalizedPhrases = z.infer<typeof LocalizedPhrases>;

export const RubricElement = z.object({
  key: z.string().min(1).describe('Stable identifier of the element, e.g. "connecting"'),
  label: z.string().min(1).describe('Label shown before the feedback line, e.g. "Connecting questions"'),
  label_fr: z.string().min(1).optional().describe('French label, used when the call is in French'),
  what: z.string().min(1).describe('What this element is, in one or two sentences'),
  what_fr: z.string().min(1).optional().describe('`what` in French, used when the call is in French'),
  examples: LocalizedPhrases.describe('Example phrasings a rep might use'),
  good: z.string().min(1).describe('What good looks like for this element'),
  good_fr: z.string().min(1).optional().describe('`good` in French, used when the call is in French'),
  cues: LocalizedPhrases.optional().describe(
    'Lower-case phrases whose presence in a rep question shows the element (used by the offline coach)',
  ),
});
export type RubricElement = z.infer<typeof RubricElement>;

export const CoachingMethod = z.object({
  name: z.string().min(1).describe('Method name shown in the "Method" selector, e.g. "NEPQ"'),
  description: z.string().describe('What the method is about'),
  description_fr: z
    .string()
    .min(1)
    .optional()
    .describe('`description` in French, shown under the "Method" selector to French readers'),
  rubric: z.array(RubricElement).min(1).describe('What the method looks for, element by element'),
});
export type CoachingMethod = z.infer<typeof CoachingMethod>;

export const CoachProfile = z.object({
  name: z.string().min(1).describe('Coach name shown in the "Coach name" selector'),
  name_fr: z.string().min(1).optional().describe('Name shown to French readers; requests still send `name`'),
  persona: z.string().describe('How the coach speaks and what they emphasise (used as the LLM persona)'),
  persona_fr: z
    .string()
    .min(1)
    .optional()
    .describe('`persona` in French, the LLM persona when the call is in French'),
  methods: z.array(z.string().min(1)).min(1).describe('Names of the methods this coach offers'),
});
export type CoachProfile = z.infer<typeof CoachProfile>;

export const CoachCatalogue = z.object({
  coaches: z.array(CoachProfile).min(1).describe('Coaches offered in the "Coach name" selector'),
  methods: z.array(CoachingMethod).min(1).describe('Methods offered in the "Method" selector'),
});
export type CoachCatalogue = z.infer<typeof CoachCatalogue>;

export const CoachingRequest = z.object({
  id: Id.describe('Id of the recording the feedback is for (a number, or its digits as text)'),
  transcription: z.string().max(500_000).describe('Transcript text of the recording'),
  coach_name: z.string().trim().min(1).max(200).describe('Coach name, one of the catalogue’s coaches'),
  method: z.string().trim().min(1).max(100).describe('Coaching method, one of the catalogue’s methods'),
});
export type CoachingRequest = z.infer<typeof CoachingRequest>;

export const CoachingResponse = z.object({
  coaching: z
    .string()
    .describe('Feedback text, one point per line, each line starting with "Label:" (shown in bold)'),
});
export type CoachingResponse = z.infer<typeof CoachingResponse>;
