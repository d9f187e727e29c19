/**
 * The AI SDK language model for an `LlmConfig`. OpenAI-compatible servers are reached through the
 * chat-completions API (`createOpenAI(...).chat(model)` → `POST {baseURL}/chat/completions`), which
 * Ollama, vLLM, llama.cpp server and Groq all speak; the Responses API is OpenAI-only.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { DomainError } from '../../errors.js';
import type { LlmConfig } from './config.js';

/** Thrown when the configuration cannot name a model at all. */
export class LlmNotConfiguredError extends DomainError {
  constructor(detail: string) {
    super('UNAVAILABLE', 'No language model is configured: set LLM_MODEL (and LLM_BASE_URL, LLM_API_KEY).', {
      retryable: false,
      detail,
    });
    this.name = 'LlmNotConfiguredError';
  }
}

export function createLanguageModel(config: LlmConfig): LanguageModel {
  if (!config.model) throw new LlmNotConfiguredError('LLM_MODEL is empty');
  if (config.provider === 'anthropic') {
    return createAnthropic({ baseURL: config.baseURL, apiKey: config.apiKey })(config.model);
  }
  // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
  return createOpenAI({ baseURL: config.baseURL, apiKey: config.apiKey ?? 'not-needed' }).chat(config.model);
}
