import { describe, expect, it } from 'vitest';
import { analyzerConfigFromEnv } from './config.js';
import { createAnalyzer } from './create-analyzer.js';

describe('analyzer configuration', () => {
  it('defaults to the offline rules analyzer', () => {
    const config = analyzerConfigFromEnv({});
    expect(config.analyzer).toBe('rules');
    expect(config.llm).toMatchObject({ provider: 'openai', timeoutMs: 60_000, chunkChars: 12_000 });
    expect(createAnalyzer(config).name).toBe('rules');
  });

  it('reads the LLM settings, empty strings meaning unset', () => {
    const config = analyzerConfigFromEnv({
      ANALYZER: 'llm',
      LLM_PROVIDER: 'anthropic',
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_API_KEY: '',
      LLM_MODEL: 'llama3.1',
      LLM_TIMEOUT_SECONDS: '30',
    });
    expect(config).toEqual({
      analyzer: 'llm',
      llm: {
        provider: 'anthropic',
        baseURL: 'http://localhost:11434/v1',
        apiKey: undefined,
        model: 'llama3.1',
        timeoutMs: 30_000,
        chunkChars: 12_000,
      },
    });
    expect(createAnalyzer(config).name).toBe('llm');
  });

  it('refuses bad values', () => {
    expect(() => analyzerConfigFromEnv({ ANALYZER: 'gpt' })).toThrow();
    expect(() => analyzerConfigFromEnv({ LLM_BASE_URL: 'ftp://example.com' })).toThrow();
    expect(() => analyzerConfigFromEnv({ LLM_TIMEOUT_SECONDS: '-1' })).toThrow();
  });
});
