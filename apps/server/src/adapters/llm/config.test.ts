import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createAnalyzer } from '../../modules/analysis/engine/create-analyzer.js';
import { llmConfigFrom } from './config.js';

describe('LLM settings, parsed once by config.ts', () => {
  it('defaults to the offline rules analyzer', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.ANALYZER).toBe('rules');
    expect(llmConfigFrom(config)).toMatchObject({
      provider: 'openai',
      timeoutMs: 60_000,
      chunkChars: 12_000,
    });
    expect(createAnalyzer({ analyzer: config.ANALYZER, llm: llmConfigFrom(config) }).name).toBe('rules');
  });

  it('reads the LLM settings, empty strings meaning unset', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ANALYZER: 'llm',
      LLM_PROVIDER: 'anthropic',
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_API_KEY: '',
      LLM_MODEL: 'llama3.1',
      LLM_TIMEOUT_SECONDS: '30',
    });
    expect(llmConfigFrom(config)).toEqual({
      provider: 'anthropic',
      baseURL: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      timeoutMs: 30_000,
      chunkChars: 12_000,
    });
  });

  it('refuses a bad value at start-up', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', LLM_TIMEOUT_SECONDS: 'soon' })).toThrow(
      /LLM_TIMEOUT_SECONDS/,
    );
  });
});
