/**
 * Owns the pipeline's analysis step: runs the configured analyzer and the conversation metrics
 * over a saved transcript and stores the result. Until the analysis engine lands it stores an
 * empty analysis so recordings finish.
 */
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { AnalyzeStep } from '../recordings/pipeline.js';
import type { RecordingsRepository } from '../recordings/recordings.repository.js';

export function createAnalysisStep(deps: {
  repo: RecordingsRepository;
  config: Config;
  logger: Logger;
}): AnalyzeStep {
  return async ({ recordingId, organizationId }) => {
    await deps.repo.saveAnalysis({
      recordingId,
      organizationId,
      analyzer: 'none',
      resultClass: null,
      leadScore: null,
      data: {
        call_results: '',
        call_summary: '',
        questions: [],
        answers: [],
        objections: [],
        pain_points: [],
        pricing_discussed: [],
      },
      metrics: null,
    });
  };
}
