import { describe, expect, it } from 'vitest';
import { createTranscriber } from './create-transcriber.js';

describe('createTranscriber', () => {
  it('builds the provider named by the config', async () => {
    const whisper = createTranscriber({ kind: 'whisper', modelsDir: './data/models', model: 'base.en' });
    const openai = createTranscriber({
      kind: 'openai',
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'k',
      model: '',
    });
    const deepgram = createTranscriber({ kind: 'deepgram', baseUrl: '', apiKey: 'k', model: '' });

    expect([whisper.name, openai.name, deepgram.name]).toEqual(['whisper', 'openai', 'deepgram']);
    await whisper.close?.();
  });
});
