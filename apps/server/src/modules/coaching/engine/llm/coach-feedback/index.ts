/**
 * Coaching use case: persona + rubric + metrics + transcript in, feedback lines out, through
 * `generateText`. The transcript is cut to a character budget (its start and its end kept, where
 * discovery and commitment happen) so one call fits the model's context.
 */
import type { CoachingMethod, CoachProfile, ConversationMetrics } from '@call-insights/contracts/analysis';
import { generateText, type LanguageModel } from 'ai';
import type { EngineLanguage } from '../../../../analysis/engine/language.js';
import { coachSystemPrompt, coachUserPrompt } from './prompt.js';

export type CoachFeedbackParams = {
  model: LanguageModel;
  coach: CoachProfile;
  method: CoachingMethod;
  metrics: ConversationMetrics;
  transcript: string;
  language: EngineLanguage;
  timeoutMs: number;
  maxRetries: number;
  maxTranscriptChars: number;
  signal?: AbortSignal;
};

/** Keeps the first and last halves of an over-long transcript with a marker between them. */
export function fitTranscript(transcript: string, maxChars: number): string {
  if (transcript.length <= maxChars) return transcript;
  const half = Math.floor(maxChars / 2);
  return `${transcript.slice(0, half)}\n[…]\n${transcript.slice(transcript.length - half)}`;
}

/** Feedback lines ("Label: …"), markdown stripped; empty when the answer has none. */
export function feedbackLines(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((l) =>
      l
        .replace(/^\s*(?:[-*•]|\d+[.)])\s+/u, '')
        .replace(/\*\*|__/gu, '')
        .trim(),
    )
    .filter((l) => l.length > 0);
}

export async function coachFeedback(p: CoachFeedbackParams): Promise<string[]> {
  const timeout = AbortSignal.timeout(p.timeoutMs);
  const { text } = await generateText({
    model: p.model,
    system: coachSystemPrompt(p.coach, p.method, p.language),
    prompt: coachUserPrompt(p.metrics, fitTranscript(p.transcript, p.maxTranscriptChars)),
    temperature: 0.2,
    maxRetries: p.maxRetries,
    abortSignal: p.signal ? AbortSignal.any([p.signal, timeout]) : timeout,
  });
  return feedbackLines(text);
}
