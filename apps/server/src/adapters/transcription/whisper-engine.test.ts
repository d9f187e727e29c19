import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranscriptionError } from './transcriber.js';
import { createWhisperEngine } from './whisper-engine.js';

// Only what can be checked without real weights: the binding loads in the engine process and a
// file that is not a ggml model is refused with a CONFIG error. Decoding speech is not tested here.
describe('whisper engine (real @napi-rs/whisper binding in a child process)', () => {
  it('refuses a file that is not a ggml model as CONFIG, and stays usable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stt-engine-'));
    const engine = createWhisperEngine({ threads: 1 });
    try {
      const standIn = join(dir, 'ggml-stand-in.bin');
      await writeFile(standIn, randomBytes(32 * 1024));

      for (let attempt = 0; attempt < 2; attempt++) {
        const err = await engine.load(standIn).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(TranscriptionError);
        expect((err as TranscriptionError).kind).toBe('CONFIG');
        expect((err as TranscriptionError).detail).toContain('Failed to initialize Whisper model');
      }
    } finally {
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('will not transcribe before a model is chosen', async () => {
    const engine = createWhisperEngine();
    await expect(engine.transcribe(new Float32Array(16_000), {})).rejects.toMatchObject({ kind: 'UNKNOWN' });
    await engine.close();
  });

  it('stops waiting when the caller aborts', async () => {
    const engine = createWhisperEngine();
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(engine.load('/nonexistent/model.bin', controller.signal)).rejects.toThrow('cancelled');
    await engine.close();
  });
});
