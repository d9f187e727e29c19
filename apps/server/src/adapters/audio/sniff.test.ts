import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFixtureDir,
  ffmpeg,
  hasEncoder,
  tone,
  videoWithAudio,
} from '../../test-support/ingest-audio-fixtures.js';
import type { FixtureDir } from '../../test-support/ingest-audio-fixtures.js';
import { lazyBody, readAll } from '../../test-support/ingest-storage-contract.js';
import {
  SNIFF_BYTES,
  sniffAudio,
  sniffAudioStream,
  sniffDetailed,
  sniffStream,
  UnsupportedMediaTypeError,
} from './sniff.js';

let fx: FixtureDir;
const head = async (file: string) => (await readFile(file)).subarray(0, SNIFF_BYTES);

beforeAll(async () => {
  fx = await createFixtureDir('ingest-sniff-');
});
afterAll(async () => {
  await fx.cleanup();
});

describe('sniffAudio on files made by ffmpeg', () => {
  const tone1 = (name: string, codecArgs: string[] = []) =>
    tone(fx.file(name), { seconds: 1, frequencies: [440], codecArgs });

  it.each([
    ['tone.wav', [], { mime: 'audio/wav', ext: 'wav', container: 'wav' }],
    ['tone.mp3', [], { mime: 'audio/mpeg', ext: 'mp3', container: 'mp3' }],
    [
      'bare.mp3',
      ['-id3v2_version', '0', '-write_xing', '0'],
      { mime: 'audio/mpeg', ext: 'mp3', container: 'mp3' },
    ],
    ['tone.m4a', [], { mime: 'audio/mp4', ext: 'm4a', container: 'mp4' }],
    ['tone.mp4', ['-c:a', 'aac'], { mime: 'audio/mp4', ext: 'm4a', container: 'mp4' }],
    ['tone.3gp', ['-c:a', 'aac', '-ar', '16000'], { mime: 'audio/3gpp', ext: '3gp', container: 'mp4' }],
    ['tone.ogg', ['-c:a', 'libvorbis'], { mime: 'audio/ogg', ext: 'ogg', container: 'ogg' }],
    ['tone.opus', ['-c:a', 'libopus', '-ar', '48000'], { mime: 'audio/ogg', ext: 'opus', container: 'ogg' }],
    ['flac-in.ogg', ['-c:a', 'flac'], { mime: 'audio/ogg', ext: 'ogg', container: 'ogg' }],
    [
      'tone.webm',
      ['-c:a', 'libopus', '-ar', '48000'],
      { mime: 'audio/webm', ext: 'webm', container: 'webm' },
    ],
    [
      'tone.mka',
      ['-c:a', 'libopus', '-ar', '48000'],
      { mime: 'audio/x-matroska', ext: 'mka', container: 'matroska' },
    ],
    ['tone.flac', [], { mime: 'audio/flac', ext: 'flac', container: 'flac' }],
  ] as const)('%s', async (name, codecArgs, expected) => {
    const file = await tone1(name, [...codecArgs]);
    expect(sniffAudio(await head(file))).toEqual(expected);
  });

  it('finds an MP3 behind an ID3 tag larger than the sniff window', async () => {
    const file = await tone1('tagged.mp3', ['-metadata', `comment=${'x'.repeat(6000)}`]);
    const bytes = await head(file);
    expect(bytes.toString('latin1', 0, 3)).toBe('ID3');
    expect(sniffAudio(bytes)).toMatchObject({ container: 'mp3' });
  });

  it('recognizes AMR (by an encoder when ffmpeg has one, else by a hand-made file)', async () => {
    let bytes: Buffer;
    if (await hasEncoder('libopencore_amrnb')) {
      bytes = await head(await tone1('tone.amr', ['-ar', '8000', '-ac', '1', '-c:a', 'libopencore_amrnb']));
    } else {
      // "#!AMR\n" then 12.2 kbit/s frames (header byte 0x3C + 31 bytes), which ffmpeg decodes.
      const frames = Array.from({ length: 50 }, (_, i) =>
        Buffer.concat([Buffer.from([0x3c]), Buffer.alloc(31, i)]),
      );
      bytes = Buffer.concat([Buffer.from('#!AMR\n'), ...frames]);
    }
    expect(sniffAudio(bytes)).toEqual({ mime: 'audio/amr', ext: 'amr', container: 'amr' });
    expect(sniffAudio(Buffer.from('#!AMR-WB\n\x04'))).toEqual({
      mime: 'audio/amr-wb',
      ext: 'awb',
      container: 'amr',
    });
  });
});

describe('sniffAudio refusals', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  ]);

  it.each([
    ['a PNG', png, 'NOT_AUDIO'],
    [
      'a PDF',
      Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
      'NOT_AUDIO',
    ],
    ['a text file named .wav', Buffer.from('This is not audio, just a renamed text file.\n'), 'NOT_AUDIO'],
    ['an empty file', Buffer.alloc(0), 'EMPTY'],
    [
      'a HEIC image (ftyp box)',
      Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
      'NOT_AUDIO',
    ],
    [
      'an AVIF image listing isom',
      Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1isom', 'latin1'),
      'NOT_AUDIO',
    ],
    [
      'a lone MPEG-looking header followed by zeros',
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2000)]),
      'NOT_AUDIO',
    ],
    ['RIFF that is not WAVE (AVI)', Buffer.from('RIFF\x00\x10\x00\x00AVI LIST', 'latin1'), 'NOT_AUDIO'],
    [
      'a WebM with another DocType',
      Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847465737400', 'hex'),
      'NOT_AUDIO',
    ],
  ] as const)('refuses %s', (_name, bytes, reason) => {
    expect(sniffAudio(bytes)).toBeNull();
    expect(sniffDetailed(bytes).reason).toBe(reason);
  });

  it('refuses raw AAC (ADTS), which is not one of the accepted formats', async () => {
    const file = await tone(fx.file('tone.aac'), { seconds: 1, frequencies: [440] });
    expect(sniffAudio(await head(file))).toBeNull();
  });

  it('refuses a WebM with a video track', async () => {
    const file = await videoWithAudio(fx.file('video.webm'));
    expect(sniffDetailed(await head(file))).toEqual({ type: null, reason: 'VIDEO' });
  });

  it('refuses an MP4 whose movie header shows a video track up front', async () => {
    const plain = await videoWithAudio(fx.file('video.mp4'));
    const faststart = fx.file('video-faststart.mp4');
    await ffmpeg(['-i', plain, '-c', 'copy', '-movflags', '+faststart', faststart]);
    expect(sniffDetailed(await head(faststart))).toEqual({ type: null, reason: 'VIDEO' });
    // With the movie header at the end the sniff cannot see the track: ffprobe refuses it later.
    expect(sniffAudio(await head(plain))).toMatchObject({ container: 'mp4' });
  });

  it('gives a user-facing message for each refusal', () => {
    expect(new UnsupportedMediaTypeError('NOT_AUDIO').userMessage).toBe(
      'This file is not a supported audio format. Upload WAV, MP3, M4A, OGG/Opus, WebM, FLAC or AMR audio.',
    );
    expect(new UnsupportedMediaTypeError('EMPTY').message).toBe('The file is empty.');
    expect(new UnsupportedMediaTypeError('VIDEO').code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('sniffStream', () => {
  it('sniffs a stream read in small chunks and replays every byte', async () => {
    const file = await tone(fx.file('stream.wav'), { seconds: 2, frequencies: [440, 660] });
    const sniffed = await sniffStream(createReadStream(file, { highWaterMark: 1000 }));
    expect(sniffed.type).toMatchObject({ container: 'wav' });
    expect(sniffed.head.length).toBeGreaterThanOrEqual(SNIFF_BYTES);
    expect(await readAll(sniffed.stream)).toEqual(await readFile(file));
  });

  it('reads only the first chunks of a large stream before answering', async () => {
    const wavHeader = await head(await tone(fx.file('big-head.wav'), { seconds: 1, frequencies: [300] }));
    const rest = lazyBody(50 * 1024 * 1024);
    const input = Readable.from(
      (async function* () {
        yield wavHeader;
        yield* rest.stream;
      })(),
      { objectMode: false },
    );
    const sniffed = await sniffStream(input);
    expect(sniffed.type).toMatchObject({ container: 'wav' });
    expect(rest.produced()).toBeLessThan(512 * 1024);
    let total = 0;
    for await (const chunk of sniffed.stream as AsyncIterable<Buffer>) total += chunk.length;
    expect(total).toBe(wavHeader.length + 50 * 1024 * 1024);
  });

  it('replays every byte of an input that had ended, all buffered, before it was sniffed', async () => {
    // An injected request: the multipart parser pushes the whole file and its end at once.
    const body = Buffer.concat([
      Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'),
      Buffer.alloc(3 * SNIFF_BYTES, 7),
    ]);
    const input = new Readable({ read() {} });
    input.push(body);
    input.push(null);
    const sniffed = await sniffStream(input);
    expect(sniffed.type).toMatchObject({ container: 'wav' });
    expect(await readAll(sniffed.stream)).toEqual(body);
  });

  it('handles streams shorter than the sniff window, and empty ones', async () => {
    const tiny = Buffer.from('#!AMR\n\x3c' + '\x00'.repeat(31), 'latin1');
    const sniffed = await sniffStream(Readable.from([tiny]));
    expect(sniffed.type).toMatchObject({ container: 'amr' });
    expect(await readAll(sniffed.stream)).toEqual(tiny);

    const empty = await sniffStream(Readable.from([]));
    expect(empty).toMatchObject({ type: null, reason: 'EMPTY' });
    expect((await readAll(empty.stream)).length).toBe(0);
  });

  it('passes on input errors, during and after the peek', async () => {
    const failing = (afterBytes: number) =>
      Readable.from(
        (async function* () {
          yield Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'), Buffer.alloc(afterBytes)]);
          throw new Error('connection reset');
        })(),
        { objectMode: false },
      );
    await expect(sniffStream(failing(10))).rejects.toThrow('connection reset');
    const late = await sniffStream(failing(SNIFF_BYTES));
    expect(late.type).toMatchObject({ container: 'wav' });
    await expect(readAll(late.stream)).rejects.toThrow('connection reset');
  });

  it('destroys the input when the replay is destroyed, read or not', async () => {
    const unread = lazyBody(10 * 1024 * 1024);
    const first = await sniffStream(unread.stream);
    first.stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(unread.stream.destroyed).toBe(true);

    const halfRead = lazyBody(10 * 1024 * 1024);
    const second = await sniffStream(halfRead.stream);
    for await (const _chunk of second.stream) break;
    await new Promise((resolve) => setImmediate(resolve));
    expect(halfRead.stream.destroyed).toBe(true);
  });

  it('sniffAudioStream throws a 415-style error for non-audio', async () => {
    const pdf = fx.file('doc.pdf');
    await writeFile(pdf, '%PDF-1.4\n' + 'x'.repeat(5000));
    const error = await sniffAudioStream(createReadStream(pdf)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedMediaTypeError);
    expect((error as UnsupportedMediaTypeError).reason).toBe('NOT_AUDIO');
    const ok = await sniffAudioStream(Readable.from([Buffer.from('fLaC\x00\x00\x00\x22', 'latin1')]));
    expect(ok.type.container).toBe('flac');
  });
});
