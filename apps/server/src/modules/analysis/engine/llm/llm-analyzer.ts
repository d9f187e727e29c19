/**
 * The LLM analyzer: the transcript, cut into chunks on segment boundaries, goes through the
 * call-analysis use case one chunk after the other (gentle on rate limits); the chunk answers are
 * merged (`merge.ts`). Failure policy:
 *  - invalid or partial JSON (or JSON that breaks the schema): that chunk is asked once more, then
 *    the whole recording falls back to the rules analyzer;
 *  - timeout, 429, 5xx, network or auth errors (after the SDK's own `maxRetries`): fall back at once;
 *  - a cancelled job (the caller's signal aborted): the error propagates, nothing falls back.
 * A fallback result is the rules analysis with `analyzer: "rules"` and `fallback_reason` saying why.
 * Logs carry the failure kind and status only, never the transcript.
 */
import type { Analysis } from '@call-insights/contracts/analysis';
import type { AnalyzeInput, AnalyzeOptions, Analyzer } from '../analyzer.js';
import type { LlmConfig, LlmLogger } from '../../../../adapters/llm/config.js';
import { resolveLanguage } from '../language.js';
import { analyzeWithRules } from '../rules/rules-analyzer.js';
import { segmentsFromText } from '../speakers.js';
import { analyzeCallChunk } from './analyze-call/index.js';
import type { CallAnalysisChunk } from './analyze-call/schema.js';
import { chunkLines, transcriptLines } from './chunking.js';
import { classifyLlmFailure, type LlmFailure } from '../../../../adapters/llm/errors.js';
import { mergeChunks } from './merge.js';
import { createLanguageModel } from '../../../../adapters/llm/model.js';

/** The slice of a pino logger the engine uses. */
export type EngineLogger = LlmLogger;

export const DEFAULT_CHUNK_CHARS = 12_000;
const DEFAULT_MAX_RETRIES = 1;

export function createLlmAnalyzer(config: LlmConfig, deps: { logger?: EngineLogger } = {}): Analyzer {
  return {
    name: 'llm',
    analyze: (input, opts) => analyzeWithLlm(config, input, opts, deps.logger),
  };
}

async function analyzeWithLlm(
  config: LlmConfig,
  input: AnalyzeInput,
  opts: AnalyzeOptions | undefined,
  logger: EngineLogger | undefined,
): Promise<Analysis> {
  const segments = input.segments.length > 0 ? input.segments : segmentsFromText(input.text);
  const language = resolveLanguage(input.language, segments.map((s) => s.text).join(' '));
  const rulesInput: AnalyzeInput = { ...input, segments, language };
  const fallBack = (failure: LlmFailure, chunk: number): Analysis => {
    logger?.warn(
      { kind: failure.kind, status: failure.status, provider: config.provider, model: config.model, chunk },
      'llm analysis failed; using the rules analysis',
    );
    const { message, ...detail } = failure;
    return { ...analyzeWithRules(rulesInput), fallback_reason: message, fallback_detail: detail };
  };

  const chunks = chunkLines(transcriptLines(segments), config.chunkChars ?? DEFAULT_CHUNK_CHARS);
  // Nothing to send: the rules analysis of an empty transcript says so.
  if (chunks.length === 0) return analyzeWithRules(rulesInput);

  let model;
  try {
    model = createLanguageModel(config);
  } catch (error) {
    return fallBack(classifyLlmFailure(error, config), 0);
  }

  const results: CallAnalysisChunk[] = [];
  for (const [index, chunk] of chunks.entries()) {
    for (let attempt = 1; ; attempt++) {
      opts?.signal?.throwIfAborted();
      try {
        results.push(
          await analyzeCallChunk({
            model,
            chunk,
            index,
            total: chunks.length,
            language,
            timeoutMs: config.timeoutMs,
            maxRetries: config.maxRetries ?? DEFAULT_MAX_RETRIES,
            signal: opts?.signal,
          }),
        );
        break;
      } catch (error) {
        opts?.signal?.throwIfAborted();
        const failure = classifyLlmFailure(error, config);
        if (failure.kind === 'invalid_output' && attempt === 1) continue;
        return fallBack(failure, index);
      }
    }
  }
  return { ...mergeChunks(results, language), analyzer: 'llm' };
}
