// Reading the layout of a PCM WAV file (where its data starts, what its header promises, what it
// holds) and comparing the two channels ffmpeg split out of a stereo file.
import { open, stat } from 'node:fs/promises';

export type WavLayout = {
  dataOffset: number;
  declaredDataBytes: number;
  /** What the data chunk really holds in this file. */
  dataBytes: number;
  /** False when the header carries a streaming placeholder size (0 or 0xFFFFFFFF, RF64). */
  declaredComplete: boolean;
  byteRate: number;
  fileSize: number;
};

export async function readWavLayout(file: string): Promise<WavLayout | null> {
  const fileSize = (await stat(file)).size;
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(Math.min(fileSize, 64 * 1024));
    await handle.read(header, 0, header.length, 0);
    const riff = header.toString('latin1', 0, 4);
    if ((riff !== 'RIFF' && riff !== 'RF64') || header.toString('latin1', 8, 12) !== 'WAVE') return null;
    let byteRate = 0;
    for (let at = 12; at + 8 <= header.length;) {
      const id = header.toString('latin1', at, at + 4);
      const size = header.readUInt32LE(at + 4);
      if (id === 'fmt ' && at + 16 <= header.length) byteRate = header.readUInt32LE(at + 16);
      if (id === 'data') {
        const dataOffset = at + 8;
        const placeholder = riff === 'RF64' || size === 0 || size === 0xffffffff;
        return {
          dataOffset,
          declaredDataBytes: size,
          dataBytes: Math.max(0, Math.min(placeholder ? Infinity : size, fileSize - dataOffset)),
          declaredComplete: !placeholder,
          byteRate,
          fileSize,
        };
      }
      at += 8 + size + (size % 2);
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** True when two 16-bit mono WAVs carry the same signal (difference below -40 dB of the signal). */
export async function channelsMatch(left: string, right: string): Promise<boolean> {
  const [a, b] = await Promise.all([readWavLayout(left), readWavLayout(right)]);
  if (!a || !b) return false;
  const [ha, hb] = await Promise.all([open(left, 'r'), open(right, 'r')]);
  try {
    const size = Math.min(a.dataBytes, b.dataBytes);
    const chunk = 256 * 1024;
    const bufA = Buffer.alloc(chunk);
    const bufB = Buffer.alloc(chunk);
    let signal = 0;
    let difference = 0;
    for (let offset = 0; offset < size; offset += chunk) {
      const length = Math.min(chunk, size - offset) & ~1;
      await Promise.all([
        ha.read(bufA, 0, length, a.dataOffset + offset),
        hb.read(bufB, 0, length, b.dataOffset + offset),
      ]);
      for (let i = 0; i < length; i += 2) {
        const x = bufA.readInt16LE(i);
        const y = bufB.readInt16LE(i);
        signal += x * x + y * y;
        difference += (x - y) * (x - y);
      }
    }
    return difference <= signal * 1e-4;
  } finally {
    await Promise.all([ha.close(), hb.close()]);
  }
}
