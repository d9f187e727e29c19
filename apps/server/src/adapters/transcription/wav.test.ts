import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { audioToolsGate } from '../../test-support/audio-tools.js';
import { decodeWavChannels, decodeWavMono, encodeWav16, parseWavHeader, WavFormatError } from './wav.js';

const run = promisify(execFile);
const ffmpeg = await audioToolsGate(['ffmpeg']);

describe('wav', () => {
  it('round-trips 16-bit stereo PCM', () => {
    const left = Int16Array.from([0, 16_384, -32_768, 32_767]);
    const right = Int16Array.from([1, 2, 3, 4]);
    const buf = encodeWav16(16_000, [left, right]);

    const info = parseWavHeader(buf);
    expect(info).toMatchObject({
      encoding: 'int',
      sampleRate: 16_000,
      channels: 2,
      bitsPerSample: 16,
      frames: 4,
    });
    expect(info.durationSec).toBeCloseTo(4 / 16_000);
    const [l, r] = decodeWavChannels(buf, info);
    expect(Array.from(l!)).toEqual([0, 0.5, -1, 32_767 / 32_768]);
    expect(r![3]).toBeCloseTo(4 / 32_768);
    expect(decodeWavMono(buf)[1]).toBeCloseTo((0.5 + 2 / 32_768) / 2);
  });

  it('rejects what is not a PCM WAV', () => {
    expect(() => parseWavHeader(Buffer.from('ID3 not a wav at all'))).toThrow(WavFormatError);
    const alaw = encodeWav16(8000, [new Int16Array(4)]);
    alaw.writeUInt16LE(6, 20);
    expect(() => parseWavHeader(alaw)).toThrow(WavFormatError);
    try {
      parseWavHeader(alaw);
    } catch (e) {
      expect((e as WavFormatError).detail).toMatch(/format tag 6/);
    }
  });

  ffmpeg.it('reads what ffmpeg writes: streamed (unknown size) 16-bit, 24-bit and float WAVs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stt-wav-'));
    try {
      const cases = [
        { name: 'streamed.wav', args: ['-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'], bits: 16 },
        { name: 's24.wav', args: ['-c:a', 'pcm_s24le'], bits: 24 },
        { name: 'f32.wav', args: ['-c:a', 'pcm_f32le'], bits: 32 },
      ];
      for (const c of cases) {
        const path = join(dir, c.name);
        const input = [
          '-nostdin',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=440:duration=1',
          '-ar',
          '16000',
        ];
        if (c.args.includes('pipe:1')) {
          const { stdout } = await run('ffmpeg', [...input, ...c.args], {
            encoding: 'buffer',
            maxBuffer: 1 << 24,
          });
          const info = parseWavHeader(stdout);
          expect(info.frames).toBe(16_000);
          continue;
        }
        await run('ffmpeg', [...input, ...c.args, '-y', path]);
        const buf = await readFile(path);
        const info = parseWavHeader(buf);
        expect(info.bitsPerSample).toBe(c.bits);
        expect(info.durationSec).toBeCloseTo(1, 2);
        const samples = decodeWavMono(buf, info);
        const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
        expect(peak).toBeGreaterThan(0.05);
        expect(peak).toBeLessThanOrEqual(1);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
