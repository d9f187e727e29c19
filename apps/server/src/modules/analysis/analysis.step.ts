/**
 * Owns the pipeline's analysis step: runs the configured analyzer (rules offline, or an LLM with
 * a rules fallback) and the conversation metrics over a saved transcript, and stores both.
 * Re-running it replaces the previous analysis.
 */
import type { Analyzer } from './engine/analyzer.js';
import { computeMetrics } from './engine/metrics.js';
import type { AnalyzeStep } from '../recordings/pipeline.js';
import type { RecordingsRepository } from '../recordings/recordings.repository.js';

export function createAnalysisStep(deps: { repo: RecordingsRepository; analyzer: Analyzer }): AnalyzeStep {
  return async ({ recordingId, organizationId, segments, text, log }) => {
    const analysis = await deps.analyzer.analyze({ segments, text });
    const metrics = computeMetrics(segments);
    await deps.repo.saveAnalysis({
      recordingId,
      organizationId,
      analyzer: analysis.analyzer,
      resultClass: analysis.result_class,
      leadScore: analysis.lead_score,
      data: analysis,
      metrics,
    });
    if (analysis.fallback_reason)
      log.warn({ recordingId, reason: analysis.fallback_reason }, 'analysed with the rules fallback');
  };
}
