/**
 * Owns the pipeline's analysis step: runs the configured analyzer (rules offline, or an LLM with
 * a rules fallback) and the conversation metrics over a saved transcript, stores both, and has the
 * trackers service record the call's tracker mentions. Re-running it replaces all three.
 */
import type { Analyzer } from './engine/analyzer.js';
import { computeMetrics } from './engine/metrics.js';
import type { AnalyzeStep } from '../recordings/pipeline.js';
import type { AnalysisRepository } from './analysis.repository.js';
import type { TrackersService } from '../trackers/trackers.service.js';

export function createAnalysisStep(deps: {
  repo: AnalysisRepository;
  analyzer: Analyzer;
  trackers: Pick<TrackersService, 'applyToCall'>;
}): AnalyzeStep {
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
    await deps.trackers.applyToCall({ organizationId, recordingId, segments });
    if (analysis.fallback_reason)
      log.warn({ recordingId, reason: analysis.fallback_reason }, 'analysed with the rules fallback');
  };
}
