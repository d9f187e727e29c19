/**
 * The coaching port: a coach persona and a method from the catalogue turn a transcript (and its
 * conversation metrics) into feedback text, one point per line, each line "Label: feedback" (the UI
 * shows the label in bold). Two providers chosen by configuration: `rules` (rubric checks over the
 * transcript and metrics, offline) and `llm` (the rubric as the prompt).
 */
import type { CoachCatalogue, ConversationMetrics } from '@call-insights/contracts/analysis';
import type { Segment } from '@call-insights/contracts/transcript';
import type { LlmConfig } from '../../../adapters/llm/config.js';
import type { EngineLogger } from '../../analysis/engine/llm/llm-analyzer.js';
import { createLlmCoach } from './llm-coach.js';
import { createRulesCoach } from './rules-coach.js';

export type CoachInput = {
  /** Speaker segments; when empty, "Speaker: text" lines of `text` are used. */
  segments: Segment[];
  text: string;
  /** Computed from the segments when absent. */
  metrics?: ConversationMetrics;
  coachName: string;
  method: string;
  /** "en", "fr" or a BCP-47 tag; detected from the text when absent. */
  language?: string;
};

export type Coach = {
  name: 'rules' | 'llm';
  /** Rejects with `CoachingSelectionError` when the coach or method is not in the catalogue. */
  coach(input: CoachInput, opts?: { signal?: AbortSignal }): Promise<string>;
};

export type CoachConfig = { coach: 'rules' | 'llm'; llm: LlmConfig; catalogue: CoachCatalogue };

export function createCoach(config: CoachConfig, deps: { logger?: EngineLogger } = {}): Coach {
  return config.coach === 'llm'
    ? createLlmCoach(config.llm, config.catalogue, deps)
    : createRulesCoach(config.catalogue);
}
