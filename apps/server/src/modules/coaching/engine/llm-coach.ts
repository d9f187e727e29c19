/**
 * The LLM coach: the rubric as the prompt (`llm/coach-feedback`), `generateText`, feedback lines out.
 * An answer without "Label: …" lines is asked once more; after that, or on a timeout, 429, 5xx,
 * network or credential error (after the SDK's own retries), the offline rubric checks answer
 * instead and a last "Note:" line says why (in the call's language, as the rest of the feedback). A
 * cancelled request propagates its abort.
 */
import type { CoachCatalogue } from '@call-insights/contracts/analysis';
import type { LlmConfig } from '../../../adapters/llm/config.js';
import { transcriptLines } from '../../analysis/engine/llm/chunking.js';
import { classifyLlmFailure, llmFailureNoteFr, type LlmFailure } from '../../../adapters/llm/errors.js';
import type { EngineLanguage } from '../../analysis/engine/language.js';
import type { EngineLogger } from '../../analysis/engine/llm/llm-analyzer.js';
import { createLanguageModel } from '../../../adapters/llm/model.js';
import { coachingContext } from './coaching-context.js';
import type { Coach } from './coaching-engine.js';
import { coachFeedback } from './llm/coach-feedback/index.js';
import { repQuestions, rulesFeedback } from './rules-coach.js';

export const COACH_FALLBACK_NOTE = 'so this feedback comes from the offline rubric checks';
const DEFAULT_TRANSCRIPT_CHARS = 24_000;

const LABELLED = /^[^:]{2,60}:\s*\S/u;

/** The last line of fallback feedback: why the offline rubric checks answered. */
function fallbackNote(failure: LlmFailure, language: EngineLanguage): string {
  if (language === 'en') return `Note: ${failure.message}`;
  const why = llmFailureNoteFr(failure, 'ce retour vient donc des vérifications hors ligne de la grille');
  return `Remarque : ${why.charAt(0).toUpperCase()}${why.slice(1)}`;
}

export function createLlmCoach(
  config: LlmConfig,
  catalogue: CoachCatalogue,
  deps: { logger?: EngineLogger } = {},
): Coach {
  return {
    name: 'llm',
    coach: async (input, opts) => {
      const ctx = coachingContext(catalogue, input);
      const fallBack = (failure: LlmFailure): string => {
        deps.logger?.warn(
          { kind: failure.kind, status: failure.status, provider: config.provider, model: config.model },
          'llm coaching failed; using the rubric checks',
        );
        const questions = repQuestions(ctx, ctx.metrics.rep_speaker, ctx.language);
        return `${rulesFeedback(ctx.method, questions, ctx.metrics, ctx.language)}\n${fallbackNote(failure, ctx.language)}`;
      };

      let model;
      try {
        model = createLanguageModel(config);
      } catch (error) {
        return fallBack(classifyLlmFailure(error, config, COACH_FALLBACK_NOTE));
      }
      const transcript = transcriptLines(ctx.segments).join('\n');
      const needed = Math.min(3, ctx.method.rubric.length);
      for (let attempt = 1; attempt <= 2; attempt++) {
        opts?.signal?.throwIfAborted();
        try {
          const lines = await coachFeedback({
            model,
            coach: ctx.coach,
            method: ctx.method,
            metrics: ctx.metrics,
            transcript,
            language: ctx.language,
            timeoutMs: config.timeoutMs,
            maxRetries: config.maxRetries ?? 1,
            maxTranscriptChars: Math.max(config.chunkChars ?? 0, DEFAULT_TRANSCRIPT_CHARS),
            signal: opts?.signal,
          });
          if (lines.filter((l) => LABELLED.test(l)).length >= needed) return lines.join('\n');
        } catch (error) {
          opts?.signal?.throwIfAborted();
          return fallBack(classifyLlmFailure(error, config, COACH_FALLBACK_NOTE));
        }
      }
      return fallBack({
        kind: 'invalid_output',
        message: `The language model returned an invalid answer twice, ${COACH_FALLBACK_NOTE}.`,
      });
    },
  };
}
