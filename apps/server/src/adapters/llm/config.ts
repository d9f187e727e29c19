/**
 * How to reach a language model, derived once from the server's Config (`config.ts` parses the
 * LLM_* variables; nothing else does). Shared by the analyzer, the coach and the assistant.
 */
import type { Config } from '../../config.js';

export type LlmConfig = {
  provider: 'openai' | 'anthropic';
  /** e.g. "http://localhost:11434/v1" for Ollama; the provider's default when absent. */
  baseURL?: string;
  apiKey?: string;
  model?: string;
  /** Budget of one model call (SDK retries included), in milliseconds. */
  timeoutMs: number;
  /** Retries of the SDK itself on 429/5xx/network errors (default 1). */
  maxRetries?: number;
  /** Transcript characters per model call (default 12 000). */
  chunkChars?: number;
};

/** Where model-call warnings go (a pino logger fits). */
export type LlmLogger = { warn: (obj: Record<string, unknown>, msg: string) => void };

export function llmConfigFrom(
  config: Pick<
    Config,
    'LLM_PROVIDER' | 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_SECONDS' | 'LLM_CHUNK_CHARS'
  >,
): LlmConfig {
  return {
    provider: config.LLM_PROVIDER,
    baseURL: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_SECONDS * 1000,
    chunkChars: config.LLM_CHUNK_CHARS,
  };
}
