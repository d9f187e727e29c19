/**
 * Prompt of the coaching use case: the coach persona and the method's written rubric are the system
 * prompt; the user message holds the metrics and the transcript. The answer format is fixed so the
 * UI can bold each leading "Label:".
 */
import type { CoachingMethod, CoachProfile, ConversationMetrics } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../../../../analysis/engine/language.js';
import { coachTexts, rubricTexts } from '../../catalogue.js';

const LANGUAGE_NAME: Record<EngineLanguage, string> = { en: 'English', fr: 'French' };

/** The labels of the metric and overall lines, as the rules coach writes them in each language. */
const LINE_LABELS: Record<EngineLanguage, { metrics: string; overall: string }> = {
  en: { metrics: '"Talk ratio:", "Question count:" and "Longest monologue:"', overall: '"Overall:"' },
  fr: {
    metrics: '"Temps de parole :", "Nombre de questions :" and "Plus long monologue :"',
    overall: '"Bilan :"',
  },
};

export function coachSystemPrompt(
  coach: CoachProfile,
  method: CoachingMethod,
  language: EngineLanguage,
): string {
  // The catalogue's texts in the feedback's language, so the model does not echo English labels.
  const { persona, description } = coachTexts(coach, method, language);
  const rubric = method.rubric
    .map((r) => {
      const t = rubricTexts(r, language);
      return `${t.label}\n  What it is: ${t.what}\n  Examples: ${[...r.examples.en, ...r.examples.fr].map((e) => `"${e}"`).join(' ')}\n  Good looks like: ${t.good}`;
    })
    .join('\n');
  const labels = LINE_LABELS[language];
  return [
    `You are ${coach.name}, a sales coach. ${persona}`,
    `You coach the ${method.name} method. ${description}`,
    `Rubric — the question types ${method.name} looks for:`,
    rubric,
    '',
    `Write your feedback on the rep's call in ${LANGUAGE_NAME[language]}, as plain text lines, no markdown, no bullets, no blank lines:`,
    `- one line per rubric item, in the rubric's order, starting with its label exactly as written above followed by a colon: say whether the rep did it, quote the rep's question when they did, and give one question to try when they did not;`,
    `- then ${labels.metrics} lines judging the metrics given against the anchors of winning calls (about 43:57 rep:prospect talk, 11–14 questions, no stretch over about 90 seconds);`,
    `- then one ${labels.overall} line with the single most useful thing to change on the next call.`,
    'Quote only what the transcript says.',
  ].join('\n');
}

export function coachUserPrompt(metrics: ConversationMetrics, transcript: string): string {
  const rep = metrics.speakers.find((s) => s.speaker === metrics.rep_speaker);
  const facts = rep
    ? [
        `Rep speaker: ${rep.speaker}`,
        `Rep talk share: ${Math.round(rep.talk_ratio * 100)}%`,
        `Rep questions: ${rep.question_count}`,
        `Rep longest monologue: ${Math.round(rep.longest_monologue_seconds)} s`,
        `Call duration: ${Math.round(metrics.total_duration)} s`,
        `Mean pause before the rep replies: ${metrics.patience_seconds} s`,
      ]
    : ['Rep speaker: unknown'];
  return `Metrics:\n${facts.join('\n')}\n\nTranscript:\n${transcript}`;
}
