/**
 * Prompt of the coaching use case: the coach persona and the method's written rubric are the system
 * prompt; the user message holds the metrics and the transcript. The answer format is fixed so the
 * UI can bold each leading "Label:".
 */
import type { CoachingMethod, CoachProfile, ConversationMetrics } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../../../../analysis/engine/language.js';

const LANGUAGE_NAME: Record<EngineLanguage, string> = { en: 'English', fr: 'French' };

export function coachSystemPrompt(
  coach: CoachProfile,
  method: CoachingMethod,
  language: EngineLanguage,
): string {
  const label = (r: CoachingMethod['rubric'][number]) =>
    language === 'fr' ? (r.label_fr ?? r.label) : r.label;
  const rubric = method.rubric
    .map(
      (r) =>
        `${label(r)}\n  What it is: ${r.what}\n  Examples: ${[...r.examples.en, ...r.examples.fr].map((e) => `"${e}"`).join(' ')}\n  Good looks like: ${r.good}`,
    )
    .join('\n');
  return [
    `You are ${coach.name}, a sales coach. ${coach.persona}`,
    `You coach the ${method.name} method. ${method.description}`,
    `Rubric — the question types ${method.name} looks for:`,
    rubric,
    '',
    `Write your feedback on the rep's call in ${LANGUAGE_NAME[language]}, as plain text lines, no markdown, no bullets, no blank lines:`,
    `- one line per rubric item, in the rubric's order, starting with its label exactly as written above followed by a colon: say whether the rep did it, quote the rep's question when they did, and give one question to try when they did not;`,
    '- then "Talk ratio:", "Question count:" and "Longest monologue:" lines judging the metrics given against the anchors of winning calls (about 43:57 rep:prospect talk, 11–14 questions, no stretch over about 90 seconds);',
    '- then one "Overall:" line with the single most useful thing to change on the next call.',
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
