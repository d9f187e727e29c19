/** Small real audio for tests: mono 16-bit PCM WAVs of a quiet 440 Hz tone, which the sniffer accepts. */

/** `seconds` of tone at `sampleRate` (8 kHz: 16,000 bytes a second, plus the 44-byte header). */
export function toneWav(seconds: number, sampleRate = 8000): Buffer {
  return toneWavOfSamples(Math.round(seconds * sampleRate), sampleRate);
}

/** The same by its length in samples: 44 + 2 × samples bytes. */
export function toneWavOfSamples(samples: number, sampleRate = 8000): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(800 * Math.sin((i * 2 * Math.PI * 440) / sampleRate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
