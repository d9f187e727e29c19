/**
 * Analyzer configuration from the environment: `ANALYZER` (rules | llm, default rules),
 * `LLM_PROVIDER` (openai | anthropic, default openai; "openai" means any OpenAI-compatible chat
 * server: OpenAI, Ollama, vLLM, llama.cpp server, Groq), `LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`,
 * `LLM_TIMEOUT_SECONDS` (per model call, default 60) and `LLM_CHUNK_CHARS` (transcript characters per
 * model call, default 12 000). A missing `LLM_MODEL` is not a start-up error: with `ANALYZER=llm`
 * recordings then get the rules analysis with a fallback reason saying what to configure.
 * The server's own `config.ts` parses the same names; this parser serves the scripts (evaluation).
 */
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const AnalyzerEnv = z.object({
  ANALYZER: z.enum(['rules', 'llm']).default('rules'),
  LLM_PROVIDER: z.enum(['openai', 'anthropic']).default('openai'),
  LLM_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(60),
  LLM_CHUNK_CHARS: z.coerce.number().int().min(500).default(12_000),
});
export type AnalyzerEnv = z.infer<typeof AnalyzerEnv>;

/** How to reach a language model. */
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

export type AnalyzerConfig = { analyzer: 'rules' | 'llm'; llm: LlmConfig };

/** Parses the analyzer settings out of an environment (throws a ZodError listing bad variables). */
export function analyzerConfigFromEnv(env: Record<string, string | undefined> = process.env): AnalyzerConfig {
  const e = AnalyzerEnv.parse(env);
  return {
    analyzer: e.ANALYZER,
    llm: {
      provider: e.LLM_PROVIDER,
      baseURL: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
      chunkChars: e.LLM_CHUNK_CHARS,
    },
  };
}
