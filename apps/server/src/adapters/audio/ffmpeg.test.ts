import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFixtureDir,
  dominantFrequency,
  ffmpeg,
  pcm16Samples,
  tone,
  videoWithAudio,
} from '../../test-support/ingest-audio-fixtures.js';
import type { FixtureDir } from '../../test-support/ingest-audio-fixtures.js';
import { AudioDecodeError, AudioToolError, normalizeAudio, probeAudio } from './ffmpeg.js';

let fx: FixtureDir;
let stereoWav: string;
beforeAll(async () => {
  fx = await createFixtureDir('ingest-ffmpeg-');
  stereoWav = await tone(fx.file('stereo.wav'), { seconds: 3, frequencies: [440, 1000] });
});
afterAll(async () => {
  await fx.cleanup();
});

let outCount = 0;
const outDir = () => fx.file(`out-${++outCount}`);

async function decodeFailure(promise: Promise<unknown>): Promise<AudioDecodeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AudioDecodeError);
  return error as AudioDecodeError;
}

async function truncate(source: string, name: string, fraction: number): Promise<string> {
  const bytes = await readFile(source);
  const file = fx.file(name);
  await writeFile(file, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return file;
}

describe('probeAudio', () => {
  it('reads codec, channels, sample rate and duration', async () => {
    expect(await probeAudio(stereoWav)).toMatchObject({
      formatName: 'wav',
      codec: 'pcm_s16le',
      channels: 2,
      sampleRate: 44100,
      declaredDurationSec: 3,
      durationEstimated: false,
      hasVideo: false,
    });
  });

  it('refuses video, but not cover art', async () => {
    const error = await decodeFailure(probeAudio(await videoWithAudio(fx.file('clip.mp4'))));
    expect(error.reason).toBe('VIDEO_NOT_ALLOWED');
    expect(error.message).toMatch(/^This file contains video\./);

    const cover = fx.file('cover.png');
    await ffmpeg(['-f', 'lavfi', '-i', 'color=red:size=32x32', '-frames:v', '1', cover]);
    const plain = await tone(fx.file('plain.mp3'), { seconds: 1, frequencies: [440] });
    const withArt = fx.file('with-art.mp3');
    await ffmpeg([
      '-i',
      plain,
      '-i',
      cover,
      '-map',
      '0',
      '-map',
      '1',
      '-c',
      'copy',
      '-disposition:v',
      'attached_pic',
      withArt,
    ]);
    expect(await probeAudio(withArt)).toMatchObject({ codec: 'mp3', hasVideo: false });
  });

  it('flags durations guessed from the bitrate', async () => {
    const noXing = await tone(fx.file('noxing.mp3'), {
      seconds: 1,
      frequencies: [440],
      codecArgs: ['-write_xing', '0'],
    });
    expect((await probeAudio(noXing)).durationEstimated).toBe(true);
  });
});

describe('normalizeAudio', () => {
  it('splits stereo into one 16 kHz mono WAV per channel, one speaker each', async () => {
    const dir = outDir();
    const result = await normalizeAudio(stereoWav, dir);
    expect(result).toMatchObject({ durationSec: 3, sampleRate: 16000, layout: 'split-stereo' });
    expect(result.channels.map((c) => [c.speaker, c.sourceChannel])).toEqual([
      ['Speaker 1', 0],
      ['Speaker 2', 1],
    ]);
    const [left, right] = await Promise.all(
      result.channels.map(async (c) => pcm16Samples(await readFile(c.path))),
    );
    for (const pcm of [left, right]) {
      expect(pcm).toMatchObject({ sampleRate: 16000, channels: 1 });
      expect(pcm?.samples.length).toBe(48000);
    }
    expect(dominantFrequency(left!.samples, 16000)).toBeCloseTo(440, -1);
    expect(dominantFrequency(right!.samples, 16000)).toBeCloseTo(1000, -1);
    expect((await readdir(dir)).sort()).toEqual(['normalized-ch1.wav', 'normalized-ch2.wav']);
  });

  it('keeps mono as one speaker and takes the duration from decoded samples', async () => {
    const mp3 = await tone(fx.file('mono.mp3'), { seconds: 2, frequencies: [300] });
    const result = await normalizeAudio(mp3, outDir());
    expect(result.layout).toBe('mono');
    expect(result.channels).toEqual([
      { path: expect.stringMatching(/normalized-mono\.wav$/), speaker: 'Speaker 1', sourceChannel: 0 },
    ]);
    expect(result.durationSec).toBeCloseTo(2, 1);
    const pcm = pcm16Samples(await readFile(result.channels[0]!.path));
    expect(pcm.samples.length / 16000).toBeCloseTo(result.durationSec, 3);
    expect(dominantFrequency(pcm.samples, 16000)).toBeCloseTo(300, -1);
  });

  it('treats a stereo file with identical channels as one speaker', async () => {
    const dual = await tone(fx.file('dual.m4a'), { seconds: 2, frequencies: [500, 500] });
    const dir = outDir();
    const result = await normalizeAudio(dual, dir);
    expect(result.layout).toBe('dual-mono');
    expect(result.channels.map((c) => c.speaker)).toEqual(['Speaker 1']);
    expect(await readdir(dir)).toEqual(['normalized-ch1.wav']);
    const split = await normalizeAudio(dual, outDir(), { detectDualMono: false });
    expect(split.layout).toBe('split-stereo');
  });

  it('mixes more than two channels down to one', async () => {
    const six = await tone(fx.file('six.wav'), { seconds: 1, frequencies: [200, 300, 400, 500, 600, 700] });
    const result = await normalizeAudio(six, outDir());
    expect(result).toMatchObject({ layout: 'mono', probe: { channels: 6 } });
    expect(result.channels).toEqual([expect.objectContaining({ speaker: 'Speaker 1', sourceChannel: null })]);
  });

  it.each([
    ['stereo.ogg', ['-c:a', 'libvorbis']],
    ['stereo.opus', ['-c:a', 'libopus', '-ar', '48000']],
    ['stereo.webm', ['-c:a', 'libopus', '-ar', '48000']],
    ['stereo.flac', []],
    ['stereo.m4a', []],
    ['stereo.mp3', []],
  ] as const)('decodes %s', async (name, codecArgs) => {
    const file = await tone(fx.file(name), {
      seconds: 2,
      frequencies: [440, 1000],
      codecArgs: [...codecArgs],
    });
    const result = await normalizeAudio(file, outDir());
    expect(result.layout).toBe('split-stereo');
    expect(result.durationSec).toBeCloseTo(2, 1);
  });

  it('decodes AMR-NB', async () => {
    const frames = Array.from({ length: 100 }, (_, i) =>
      Buffer.concat([Buffer.from([0x3c]), Buffer.alloc(31, i * 7)]),
    );
    const amr = fx.file('hand.amr');
    await writeFile(amr, Buffer.concat([Buffer.from('#!AMR\n'), ...frames]));
    const result = await normalizeAudio(amr, outDir());
    expect(result).toMatchObject({ layout: 'mono', probe: { codec: 'amr_nb' } });
    expect(result.durationSec).toBeCloseTo(2, 1);
  });

  it('accepts a WAV whose header still has the streaming placeholder size', async () => {
    const bytes = Buffer.from(await readFile(stereoWav));
    const dataAt = bytes.indexOf('data', 12, 'latin1');
    bytes.writeUInt32LE(0xffffffff, 4);
    bytes.writeUInt32LE(0xffffffff, dataAt + 4);
    const file = fx.file('placeholder.wav');
    await writeFile(file, bytes);
    expect((await normalizeAudio(file, outDir())).durationSec).toBe(3);
  });

  it('reads files whose names look like options or protocols', async () => {
    const odd = fx.file('-i concat:x.wav');
    await copyFile(stereoWav, odd);
    expect((await normalizeAudio(odd, outDir())).layout).toBe('split-stereo');
  });
});

describe('normalizeAudio failures', () => {
  const USER_MESSAGE = 'The audio file could not be decoded (it may be corrupt or truncated).';

  it('refuses a truncated WAV, with a clean message and ffmpeg output kept for logs', async () => {
    const dir = outDir();
    const error = await decodeFailure(normalizeAudio(await truncate(stereoWav, 'cut.wav', 0.5), dir));
    expect(error.reason).toBe('TRUNCATED');
    expect(error.message).toBe(
      'The audio file is incomplete: it ends before its stated length. Upload the complete file.',
    );
    expect(error.detail).toMatch(/WAV header declares/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses truncated FLAC, MP3 and WebM (their headers state the full length)', async () => {
    for (const name of ['long.flac', 'long.mp3', 'long.webm']) {
      const codecArgs = name.endsWith('.webm') ? ['-c:a', 'libopus', '-ar', '48000'] : [];
      const full = await tone(fx.file(name), { seconds: 6, frequencies: [440, 1000], codecArgs });
      const error = await decodeFailure(normalizeAudio(await truncate(full, `cut-${name}`, 0.5), outDir()));
      expect(error.reason, name).toBe('TRUNCATED');
    }
  });

  it('refuses an M4A cut before its index', async () => {
    const m4a = await tone(fx.file('long.m4a'), { seconds: 4, frequencies: [440] });
    const error = await decodeFailure(normalizeAudio(await truncate(m4a, 'cut.m4a', 0.5), outDir()));
    expect(error.reason).toBe('DECODE_FAILED');
    expect(error.message).toBe(USER_MESSAGE);
    expect(error.detail).toMatch(/moov atom not found/);
  });

  it('refuses random bytes behind a WAV header', async () => {
    const garbage = Buffer.alloc(64 * 1024);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + (i >> 3) * 104729) & 0xff;
    const file = fx.file('garbage.wav');
    await writeFile(file, Buffer.concat([Buffer.from('RIFF\x24\x00\x01\x00WAVE', 'latin1'), garbage]));
    const error = await decodeFailure(normalizeAudio(file, outDir()));
    expect(error).toMatchObject({ reason: 'DECODE_FAILED', message: USER_MESSAGE });
    expect(error.message).not.toMatch(/fmt|tag|Invalid data/);
  });

  it('refuses a WAV with no samples', async () => {
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(36, 4);
    header.write('WAVEfmt ', 8, 'latin1');
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20); // PCM
    header.writeUInt16LE(1, 22); // mono
    header.writeUInt32LE(16000, 24);
    header.writeUInt32LE(32000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'latin1');
    header.writeUInt32LE(0, 40);
    const file = fx.file('no-samples.wav');
    await writeFile(file, header);
    const error = await decodeFailure(normalizeAudio(file, outDir()));
    expect(error).toMatchObject({
      reason: 'EMPTY_AUDIO',
      message: 'The audio file contains no audio samples.',
    });
  });

  it('refuses formats outside the whitelist (images, playlists that point at other files)', async () => {
    const cover = fx.file('image.png');
    await ffmpeg(['-f', 'lavfi', '-i', 'color=blue:size=16x16', '-frames:v', '1', cover]);
    expect((await decodeFailure(normalizeAudio(cover, outDir()))).reason).toBe('DECODE_FAILED');
    const playlist = fx.file('playlist.wav');
    await writeFile(playlist, `ffconcat version 1.0\nfile '${stereoWav}'\n`);
    expect((await decodeFailure(normalizeAudio(playlist, outDir()))).reason).toBe('DECODE_FAILED');
  });

  it('refuses video files', async () => {
    const error = await decodeFailure(normalizeAudio(await videoWithAudio(fx.file('movie.webm')), outDir()));
    expect(error.reason).toBe('VIDEO_NOT_ALLOWED');
  });

  it('kills ffmpeg at the time cap and leaves no output', async () => {
    // A stand-in ffmpeg that hangs, so the cap is what ends it (and we can check it is gone).
    const pidFile = fx.file('hung.pid');
    const hung = fx.file('hung-ffmpeg.sh');
    await writeFile(hung, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 30\n`, { mode: 0o755 });
    const dir = outDir();
    const started = Date.now();
    const error = await normalizeAudio(stereoWav, dir, { ffmpegPath: hung, timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AudioToolError);
    expect(error).toMatchObject({
      reason: 'TIMEOUT',
      message: 'Processing the audio took too long. Try again later.',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('reports a missing ffmpeg binary as a tool error', async () => {
    const error = await probeAudio(stereoWav, { ffprobePath: '/nonexistent/ffprobe' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AudioToolError);
    expect(error).toMatchObject({ reason: 'TOOL_MISSING' });
  });
});
