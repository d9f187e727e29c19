/**
 * Call-analysis use case: one transcript chunk in, one `CallAnalysisChunk` out, through
 * `generateObject` (structured output with the described zod schema). The SDK retries 429/5xx and
 * network errors itself (`maxRetries`, default 1 here); a call is bounded by `timeoutMs`.
 */
import { generateObject, type LanguageModel } from 'ai';
import type { EngineLanguage } from '../../language.js';
import { stripJsonFences } from '../../../../../adapters/llm/json-repair.js';
import { analysisSystemPrompt, analysisUserPrompt } from './prompt.js';
import { CallAnalysisChunk } from './schema.js';

export type AnalyzeChunkParams = {
  model: LanguageModel;
  chunk: string;
  index: number;
  total: number;
  language: EngineLanguage;
  timeoutMs: number;
  maxRetries: number;
  signal?: AbortSignal;
};

export async function analyzeCallChunk(p: AnalyzeChunkParams): Promise<CallAnalysisChunk> {
  const timeout = AbortSignal.timeout(p.timeoutMs);
  const { object } = await generateObject({
    model: p.model,
    schema: CallAnalysisChunk,
    schemaName: 'call_analysis',
    schemaDescription: 'Structured analysis of a sales call transcript',
    system: analysisSystemPrompt(p.language),
    prompt: analysisUserPrompt(p.chunk, p.index, p.total),
    temperature: 0,
    maxRetries: p.maxRetries,
    abortSignal: p.signal ? AbortSignal.any([p.signal, timeout]) : timeout,
    experimental_repairText: async ({ text }) => stripJsonFences(text),
  });
  return object;
}
