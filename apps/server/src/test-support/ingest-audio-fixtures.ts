// Real audio fixtures for ingest tests, generated with the ffmpeg binary into a temp folder (never
// the repository): tones per channel so a split can be checked by frequency, every accepted
// container, and deliberately broken files.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type FixtureDir = { dir: string; file(name: string): string; cleanup(): Promise<void> };

export async function createFixtureDir(prefix = 'ingest-audio-'): Promise<FixtureDir> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return {
    dir,
    file: (name) => path.join(dir, name),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

export async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args]);
}

export async function hasEncoder(name: string): Promise<boolean> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-encoders']);
  return new RegExp(`^\\s*A\\S*\\s+${name}\\s`, 'm').test(stdout);
}

/**
 * A sine tone per channel (one frequency per channel) encoded as `out`; the container and codec
 * follow the extension unless `codecArgs` says otherwise.
 */
export async function tone(
  out: string,
  opts: { seconds: number; frequencies: number[]; sampleRate?: number; codecArgs?: string[] },
): Promise<string> {
  const inputs = opts.frequencies.flatMap((f) => [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${f}:duration=${opts.seconds}`,
  ]);
  const layout = ({ 1: 'mono', 2: 'stereo', 6: '5.1' } as Record<number, string>)[opts.frequencies.length];
  const merge =
    opts.frequencies.length > 1
      ? [
          '-filter_complex',
          `${opts.frequencies.map((_, i) => `[${i}:a]`).join('')}join=inputs=${opts.frequencies.length}` +
            `${layout ? `:channel_layout=${layout}` : ''}[a]`,
          '-map',
          '[a]',
        ]
      : [];
  await ffmpeg([
    ...inputs,
    ...merge,
    '-ar',
    String(opts.sampleRate ?? 44_100),
    ...(opts.codecArgs ?? []),
    out,
  ]);
  return out;
}

/** A short video (test pattern + tone) for "video is refused" cases. */
export async function videoWithAudio(out: string, seconds = 1): Promise<string> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=64x48:rate=10:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=500:duration=${seconds}`,
    '-shortest',
    ...(out.endsWith('.webm') ? ['-c:v', 'libvpx', '-c:a', 'libopus'] : ['-c:v', 'mpeg4', '-c:a', 'aac']),
    out,
  ]);
  return out;
}

/** The dominant frequency of a mono 16-bit PCM signal, by counting zero crossings (pure tones only). */
export function dominantFrequency(samples: Int16Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] ?? 0;
    const b = samples[i] ?? 0;
    if ((a < 0 && b >= 0) || (a >= 0 && b < 0)) crossings++;
  }
  return (crossings / 2) * (sampleRate / samples.length);
}

/** The samples of a canonical 16-bit PCM WAV (the normalizer's output). */
export function pcm16Samples(wav: Buffer): { sampleRate: number; channels: number; samples: Int16Array } {
  let at = 12;
  let sampleRate = 0;
  let channels = 0;
  while (at + 8 <= wav.length) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      channels = wav.readUInt16LE(at + 10);
      sampleRate = wav.readUInt32LE(at + 12);
    }
    if (id === 'data') {
      const data = wav.subarray(at + 8, at + 8 + size);
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { sampleRate, channels, samples };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}
