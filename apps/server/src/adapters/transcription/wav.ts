/**
 * Minimal RIFF/WAVE reading and writing: enough to hand the normalized channel files to the local
 * Whisper engine as 16 kHz Float32 samples, and for test support to build fixture audio and measure
 * uploaded audio. PCM integer (8/16/24/32-bit) and IEEE float (32/64-bit), including
 * WAVE_FORMAT_EXTENSIBLE and the "unknown size" headers ffmpeg writes when streaming.
 */

import { DomainError } from '../../errors.js';

/** The audio handed to a speech engine is not the WAV it expects: unusable as is. */
export class WavFormatError extends DomainError {
  override readonly name = 'WavFormatError';
  constructor(detail: string) {
    super('UNPROCESSABLE', 'The audio could not be read for transcription.', { retryable: false, detail });
  }
}

export type WavInfo = {
  encoding: 'int' | 'float';
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
  frames: number;
  durationSec: number;
};

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export function parseWavHeader(buf: Uint8Array): WavInfo {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const tag = (offset: number) => String.fromCharCode(...buf.subarray(offset, offset + 4));
  if (buf.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') {
    throw new WavFormatError('not a RIFF/WAVE file');
  }
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'frames' | 'durationSec'> | undefined;
  let offset = 12;
  while (offset + 8 <= buf.byteLength) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > buf.byteLength) throw new WavFormatError('truncated fmt chunk');
      let formatTag = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const sampleRate = view.getUint32(body + 4, true);
      const bitsPerSample = view.getUint16(body + 14, true);
      if (formatTag === WAVE_FORMAT_EXTENSIBLE) {
        if (size < 40 || body + 26 > buf.byteLength)
          throw new WavFormatError('truncated extensible fmt chunk');
        formatTag = view.getUint16(body + 24, true);
      }
      if (formatTag !== WAVE_FORMAT_PCM && formatTag !== WAVE_FORMAT_IEEE_FLOAT) {
        throw new WavFormatError(`unsupported WAV encoding (format tag ${formatTag}); expected PCM or float`);
      }
      const encoding = formatTag === WAVE_FORMAT_PCM ? 'int' : 'float';
      const validBits = encoding === 'int' ? [8, 16, 24, 32] : [32, 64];
      if (!validBits.includes(bitsPerSample)) {
        throw new WavFormatError(`unsupported ${bitsPerSample}-bit ${encoding} samples`);
      }
      if (channels < 1 || sampleRate < 1) throw new WavFormatError('invalid channel count or sample rate');
      fmt = { encoding, sampleRate, channels, bitsPerSample };
    } else if (id === 'data') {
      if (!fmt) throw new WavFormatError('data chunk before fmt chunk');
      const available = buf.byteLength - body;
      // Streaming writers leave the size at 0 or 0xFFFFFFFF; the data then runs to the end of the file.
      const dataBytes = size === 0 || size === 0xffffffff || size > available ? available : size;
      const frameBytes = (fmt.bitsPerSample / 8) * fmt.channels;
      const frames = Math.floor(dataBytes / frameBytes);
      return {
        ...fmt,
        dataOffset: body,
        dataBytes: frames * frameBytes,
        frames,
        durationSec: frames / fmt.sampleRate,
      };
    }
    offset = body + size + (size % 2);
  }
  throw new WavFormatError(fmt ? 'no data chunk' : 'no fmt chunk');
}

/** Decodes every channel to Float32 in [-1, 1]. */
export function decodeWavChannels(buf: Uint8Array, info: WavInfo = parseWavHeader(buf)): Float32Array[] {
  const view = new DataView(buf.buffer, buf.byteOffset + info.dataOffset, info.dataBytes);
  const bytes = info.bitsPerSample / 8;
  const out = Array.from({ length: info.channels }, () => new Float32Array(info.frames));
  const read = sampleReader(view, info);
  for (let frame = 0, pos = 0; frame < info.frames; frame++) {
    for (let ch = 0; ch < info.channels; ch++, pos += bytes) {
      (out[ch] as Float32Array)[frame] = read(pos);
    }
  }
  return out;
}

/** Decodes to one channel (channels averaged). */
export function decodeWavMono(buf: Uint8Array, info: WavInfo = parseWavHeader(buf)): Float32Array {
  const channels = decodeWavChannels(buf, info);
  if (channels.length === 1) return channels[0] as Float32Array;
  const mono = new Float32Array(info.frames);
  for (const ch of channels)
    for (let i = 0; i < mono.length; i++) mono[i] = (mono[i] as number) + (ch[i] as number);
  for (let i = 0; i < mono.length; i++) mono[i] = (mono[i] as number) / channels.length;
  return mono;
}

function sampleReader(view: DataView, info: WavInfo): (pos: number) => number {
  if (info.encoding === 'float') {
    return info.bitsPerSample === 32 ? (p) => view.getFloat32(p, true) : (p) => view.getFloat64(p, true);
  }
  switch (info.bitsPerSample) {
    case 8:
      return (p) => (view.getUint8(p) - 128) / 128;
    case 16:
      return (p) => view.getInt16(p, true) / 32768;
    case 24:
      return (p) => {
        const v = view.getUint8(p) | (view.getUint8(p + 1) << 8) | (view.getInt8(p + 2) << 16);
        return v / 8388608;
      };
    default:
      return (p) => view.getInt32(p, true) / 2147483648;
  }
}

/** Encodes 16-bit PCM; one Int16Array per channel, all the same length. */
export function encodeWav16(sampleRate: number, channels: Int16Array[]): Buffer {
  const first = channels[0];
  if (!first) throw new WavFormatError('no channel to encode');
  const frames = first.length;
  if (channels.some((c) => c.length !== frames)) throw new WavFormatError('channels differ in length');
  const dataBytes = frames * channels.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  buf.writeUInt16LE(channels.length, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * channels.length * 2, 28);
  buf.writeUInt16LE(channels.length * 2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  let pos = 44;
  for (let i = 0; i < frames; i++) {
    for (const ch of channels) {
      buf.writeInt16LE(ch[i] as number, pos);
      pos += 2;
    }
  }
  return buf;
}
