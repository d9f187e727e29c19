// Audio decoding with the ffmpeg/ffprobe binaries: probing a stored file (rejecting video and
// files without audio) and normalizing it for speech-to-text — 16 kHz mono 16-bit WAV, one file
// per speaker. Stereo call recordings (agent on one channel, customer on the other) are split per
// channel; a "stereo" file whose channels are identical is treated as mono so a call is never
// transcribed twice. Durations come from the decoded samples, not the container's claims.
//
// The binaries run with argument arrays (no shell), a time cap (killed on expiry), a whitelist of
// demuxers and only the `file` protocol, so a crafted upload cannot make ffmpeg open playlists,
// other local files or network URLs.
//
// This file normalizes; the pieces it uses live beside it: `ffmpeg-tool.ts` (running the binaries),
// `ffprobe.ts` (probing), `wav-layout.ts` (WAV headers, channel comparison), `audio-errors.ts`.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { AudioDecodeError } from './audio-errors.js';
import { FORMAT_WHITELIST, fileUrl, runTool, type ToolOptions } from './ffmpeg-tool.js';
import { DEFAULT_PROBE_TIMEOUT_MS, probeAudio, type AudioProbe } from './ffprobe.js';
import { channelsMatch, readWavLayout } from './wav-layout.js';

export { AudioDecodeError, AudioToolError } from './audio-errors.js';
export type { AudioDecodeErrorCode, AudioToolErrorCode } from './audio-errors.js';
export type { ToolOptions } from './ffmpeg-tool.js';
export { probeAudio } from './ffprobe.js';
export type { AudioProbe } from './ffprobe.js';

export const NORMALIZED_SAMPLE_RATE = 16_000;
const DEFAULT_NORMALIZE_TIMEOUT_MS = 10 * 60_000;

export type NormalizedChannel = {
  /** 16 kHz mono 16-bit PCM WAV. */
  path: string;
  /** "Speaker 1" for channel 0 (or mono), "Speaker 2" for channel 1. */
  speaker: string;
  /** Source channel index; null when the file was mixed down to mono. */
  sourceChannel: number | null;
};

export type NormalizedAudio = {
  /** From the decoded samples. */
  durationSec: number;
  sampleRate: typeof NORMALIZED_SAMPLE_RATE;
  /** mono: one channel (mono source, or more than two channels mixed down); split-stereo: one file
   * per channel; dual-mono: a stereo file whose channels carry the same signal, kept once. */
  layout: 'mono' | 'split-stereo' | 'dual-mono';
  channels: NormalizedChannel[];
  probe: AudioProbe;
};

export type NormalizeOptions = ToolOptions & {
  probeTimeoutMs?: number;
  /** Collapse a stereo file with identical channels to one speaker (default true). */
  detectDualMono?: boolean;
};

/**
 * Decodes `inputPath` into 16 kHz mono WAV files in `outDir` (created if needed): one file for
 * mono input, one per channel for stereo. Throws AudioDecodeError for corrupt, truncated, empty or
 * video input, AudioToolError on time-out or missing binaries; leaves no output behind on failure.
 */
export async function normalizeAudio(
  inputPath: string,
  outDir: string,
  opts: NormalizeOptions = {},
): Promise<NormalizedAudio> {
  const probe = await probeAudio(inputPath, {
    ...opts,
    timeoutMs: opts.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
  });
  await mkdir(outDir, { recursive: true });
  const split = probe.channels === 2;
  const outputs = split
    ? [path.join(outDir, 'normalized-ch1.wav'), path.join(outDir, 'normalized-ch2.wav')]
    : [path.join(outDir, 'normalized-mono.wav')];
  const stream = `0:${probe.audioStreamIndex}`;
  const pcmOut = (file: string) => [
    '-ar',
    String(NORMALIZED_SAMPLE_RATE),
    '-c:a',
    'pcm_s16le',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-f',
    'wav',
    fileUrl(file),
  ];
  const args = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    FORMAT_WHITELIST,
    '-i',
    fileUrl(inputPath),
  ];
  const [first = '', second = ''] = outputs;
  if (split) {
    args.push(
      '-filter_complex',
      `[${stream}]asplit=2[a][b];[a]pan=mono|c0=c0[l];[b]pan=mono|c0=c1[r]`,
      '-map',
      '[l]',
      ...pcmOut(first),
      '-map',
      '[r]',
      ...pcmOut(second),
    );
  } else {
    args.push('-map', stream, '-ac', '1', ...pcmOut(first));
  }

  const removeOutputs = () => Promise.all(outputs.map((file) => rm(file, { force: true })));
  try {
    const result = await runTool(opts.ffmpegPath ?? 'ffmpeg', args, {
      timeoutMs: opts.timeoutMs ?? DEFAULT_NORMALIZE_TIMEOUT_MS,
      maxStdoutBytes: 0,
    });
    if (result.code !== 0) throw new AudioDecodeError('DECODE_FAILED', result.stderr);

    const decodedBytes = await Promise.all(
      outputs.map(async (file) => (await readWavLayout(file))?.dataBytes ?? 0),
    );
    const samples = Math.min(...decodedBytes) / 2;
    if (samples === 0) throw new AudioDecodeError('EMPTY_AUDIO', result.stderr);
    const durationSec = Math.round((samples / NORMALIZED_SAMPLE_RATE) * 1000) / 1000;
    await assertComplete(inputPath, probe, durationSec, result.stderr);

    if (!split) {
      return {
        durationSec,
        sampleRate: NORMALIZED_SAMPLE_RATE,
        layout: 'mono',
        channels: [{ path: first, speaker: 'Speaker 1', sourceChannel: probe.channels === 1 ? 0 : null }],
        probe,
      };
    }
    if ((opts.detectDualMono ?? true) && (await channelsMatch(first, second))) {
      await rm(second, { force: true });
      return {
        durationSec,
        sampleRate: NORMALIZED_SAMPLE_RATE,
        layout: 'dual-mono',
        channels: [{ path: first, speaker: 'Speaker 1', sourceChannel: 0 }],
        probe,
      };
    }
    return {
      durationSec,
      sampleRate: NORMALIZED_SAMPLE_RATE,
      layout: 'split-stereo',
      channels: [
        { path: first, speaker: 'Speaker 1', sourceChannel: 0 },
        { path: second, speaker: 'Speaker 2', sourceChannel: 1 },
      ],
      probe,
    };
  } catch (error) {
    await removeOutputs();
    throw error;
  }
}

/** Refuses audio that stops well before the length its own header promises (a cut-off download). */
async function assertComplete(inputPath: string, probe: AudioProbe, decodedSec: number, stderr: string) {
  const tolerance = (declaredSec: number) => Math.max(0.5, declaredSec * 0.02);
  if (probe.declaredDurationSec !== null && !probe.durationEstimated) {
    const missing = probe.declaredDurationSec - decodedSec;
    if (missing > tolerance(probe.declaredDurationSec)) {
      throw new AudioDecodeError(
        'TRUNCATED',
        `declared ${probe.declaredDurationSec}s, decoded ${decodedSec}s; ${stderr}`,
      );
    }
  }
  // ffprobe derives a WAV's duration from the bytes present, so a cut WAV only shows in its header.
  if (probe.formatName === 'wav') {
    const layout = await readWavLayout(inputPath);
    if (layout && layout.byteRate > 0 && layout.declaredComplete) {
      const shortfall = layout.dataOffset + layout.declaredDataBytes - layout.fileSize;
      const declaredSec = layout.declaredDataBytes / layout.byteRate;
      if (shortfall / layout.byteRate > tolerance(declaredSec)) {
        throw new AudioDecodeError(
          'TRUNCATED',
          `WAV header declares ${layout.declaredDataBytes} data bytes, file holds ${layout.fileSize - layout.dataOffset}; ${stderr}`,
        );
      }
    }
  }
}
