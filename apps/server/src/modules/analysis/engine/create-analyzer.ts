/**
 * Chooses the analyzer provider from configuration: `rules` (default, offline) or `llm`.
 */
import type { Analyzer } from './analyzer.js';
import type { LlmConfig } from '../../../adapters/llm/config.js';
import { createLlmAnalyzer, type EngineLogger } from './llm/llm-analyzer.js';
import { createRulesAnalyzer } from './rules/rules-analyzer.js';

/** Which analyzer the configuration asks for, and how to reach the model of the `llm` one. */
export type AnalyzerConfig = { analyzer: 'rules' | 'llm'; llm: LlmConfig };

export function createAnalyzer(config: AnalyzerConfig, deps: { logger?: EngineLogger } = {}): Analyzer {
  return config.analyzer === 'llm' ? createLlmAnalyzer(config.llm, deps) : createRulesAnalyzer();
}
