/**
 * Chooses the analyzer provider from configuration: `rules` (default, offline) or `llm`.
 */
import type { Analyzer } from './analyzer.js';
import type { AnalyzerConfig } from './config.js';
import { createLlmAnalyzer, type EngineLogger } from './llm/llm-analyzer.js';
import { createRulesAnalyzer } from './rules/rules-analyzer.js';

export function createAnalyzer(config: AnalyzerConfig, deps: { logger?: EngineLogger } = {}): Analyzer {
  return config.analyzer === 'llm' ? createLlmAnalyzer(config.llm, deps) : createRulesAnalyzer();
}
