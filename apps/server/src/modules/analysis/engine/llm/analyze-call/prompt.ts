/**
 * Prompt of the call-analysis use case. The system prompt states the task and the labelling rules;
 * the user message carries one chunk of the transcript as "[mm:ss] Speaker: text" lines. The
 * transcript goes to the model only: it is never logged.
 */
import type { EngineLanguage } from '../../language.js';

const LANGUAGE_NAME: Record<EngineLanguage, string> = { en: 'English', fr: 'French' };

export function analysisSystemPrompt(language: EngineLanguage): string {
  return [
    'You analyse transcripts of sales phone calls for a sales team.',
    'Return only the JSON object described by the schema: no prose, no markdown fences.',
    `Write every free-text field in ${LANGUAGE_NAME[language]}, the language of the call.`,
    'Rules:',
    '- questions: every real question (not tags like "right?"), with the speaker label exactly as written and the answer the other side gave ("" when none).',
    '- objections: only reasons the prospect gives for not buying or not now (price, timing, existing provider, someone else decides, no need, distrust, contract terms, wants to think). Short phrases in the prospect’s words. The rep’s statements are not objections.',
    '- pain_points: problems the prospect says they have today. Short phrases.',
    '- pricing_discussed: each distinct price with currency and period: "$299 per month", "$49 per user per month", "$5,000 one-time", "1 200 € par mois". Leave out numbers that are not prices.',
    '- result_class: appointment when a meeting, demo, visit or call at a set time was agreed; follow_up when both sides agreed to talk again or to send information without a set time; not_interested when the prospect declined; other for voicemail, wrong numbers, support or billing calls. A later decision overrides an earlier one (a refusal followed by a booking is an appointment).',
    '- lead_score: 0 to 100; appointments usually score 60 or more, refusals 30 or less; give one reason per factor.',
    '- Use only what the transcript says; never invent names, prices or commitments.',
  ].join('\n');
}

export function analysisUserPrompt(chunk: string, index: number, total: number): string {
  const part =
    total > 1
      ? `This is part ${index + 1} of ${total} of the call; analyse this part only (earlier or later parts are analysed separately).\n`
      : '';
  return `${part}Transcript:\n${chunk}`;
}
