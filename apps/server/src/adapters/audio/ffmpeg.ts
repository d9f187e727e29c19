// Audio decoding with the ffmpeg/ffprobe binaries: probing a stored file (rejecting video and
// files without audio) and normalizing it for speech-to-text — 16 kHz mono 16-bit WAV, one file
// per speaker. Stereo call recordings (agent on one channel, customer on the other) are split per
// channel; a "stereo" file whose channels are identical is treated as mono so a call is never
// transcribed twice. Durations come from the decoded samples, not the container's claims.
//
// The binaries run with argument arrays (no shell), a time cap (killed on expiry), a whitelist of
// demuxers and only the `file` protocol, so a crafted upload cannot make ffmpeg open playlists,
// other local files or network URLs.
import { spawn } from 'node:child_process';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ACCEPTED_AUDIO_DESCRIPTION } from './sniff.js';

export const NORMALIZED_SAMPLE_RATE = 16_000;
const DEFAULT_PROBE_TIMEOUT_MS = 30_000;
const DEFAULT_NORMALIZE_TIMEOUT_MS = 10 * 60_000;
// Demuxers for the accepted containers; anything else (concat, hls, image formats…) is refused.
const FORMAT_WHITELIST = 'wav,mp3,mov,mp4,m4a,3gp,3g2,ogg,matroska,webm,flac,amr,amrnb,amrwb';
const MAX_STDERR_CHARS = 16_000;
const MAX_PROBE_OUTPUT_BYTES = 1024 * 1024;

export type AudioDecodeErrorCode =
  'DECODE_FAILED' | 'TRUNCATED' | 'EMPTY_AUDIO' | 'NO_AUDIO' | 'VIDEO_NOT_ALLOWED';

const DECODE_MESSAGES: Record<AudioDecodeErrorCode, string> = {
  DECODE_FAILED: 'The audio file could not be decoded (it may be corrupt or truncated).',
  TRUNCATED: 'The audio file is incomplete: it ends before its stated length. Upload the complete file.',
  EMPTY_AUDIO: 'The audio file contains no audio samples.',
  NO_AUDIO: 'The file contains no audio track.',
  VIDEO_NOT_ALLOWED: `This file contains video. Upload an audio-only file (${ACCEPTED_AUDIO_DESCRIPTION}).`,
};

/**
 * This recording's audio cannot be used as is; retrying will not help. `message` is safe to show
 * to users; ffmpeg's own output stays in `detail`, for logs only.
 */
export class AudioDecodeError extends Error {
  readonly userMessage: string;
  constructor(
    readonly code: AudioDecodeErrorCode,
    readonly detail?: string,
  ) {
    super(DECODE_MESSAGES[code]);
    this.name = 'AudioDecodeError';
    this.userMessage = DECODE_MESSAGES[code];
  }
}

export type AudioToolErrorCode = 'TIMEOUT' | 'TOOL_MISSING';

/** The tools failed for reasons outside the file (time cap, missing binary): worth a retry or an operator. */
export class AudioToolError extends Error {
  readonly userMessage: string;
  constructor(
    readonly code: AudioToolErrorCode,
    readonly detail?: string,
  ) {
    const userMessage =
      code === 'TIMEOUT'
        ? 'Processing the audio took too long. Try again later.'
        : 'Audio processing is not available on this server (ffmpeg is missing).';
    super(userMessage);
    this.name = 'AudioToolError';
    this.userMessage = userMessage;
  }
}

export type ToolOptions = {
  timeoutMs?: number;
  ffprobePath?: string;
  ffmpegPath?: string;
};

export type AudioProbe = {
  /** ffprobe's demuxer name, e.g. "wav", "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  /** Duration the container declares (may be estimated or wrong); the decoded one is authoritative. */
  declaredDurationSec: number | null;
  /** True when ffprobe guessed the duration from the bitrate, so it cannot reveal truncation. */
  durationEstimated: boolean;
  audioStreamIndex: number;
  codec: string;
  channels: number;
  sampleRate: number;
  hasVideo: boolean;
};

type FfprobeStream = {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  channels?: number;
  sample_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
};
type FfprobeOutput = { streams?: FfprobeStream[]; format?: { format_name?: string; duration?: string } };

/** Reads a file's streams with ffprobe; throws AudioDecodeError for video, no audio, or garbage. */
export async function probeAudio(inputPath: string, opts: ToolOptions = {}): Promise<AudioProbe> {
  const result = await runTool(
    opts.ffprobePath ?? 'ffprobe',
    [
      '-hide_banner',
      '-v',
      'warning',
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      FORMAT_WHITELIST,
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      fileUrl(inputPath),
    ],
    { timeoutMs: opts.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS, maxStdoutBytes: MAX_PROBE_OUTPUT_BYTES },
  );
  if (result.code !== 0) throw new AudioDecodeError('DECODE_FAILED', result.stderr);
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(result.stdout) as FfprobeOutput;
  } catch {
    throw new AudioDecodeError('DECODE_FAILED', `unparseable ffprobe output; ${result.stderr}`);
  }
  const streams = parsed.streams ?? [];
  // Cover art in MP3/M4A files shows up as a video stream flagged attached_pic: that is still audio.
  const hasVideo = streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (hasVideo) throw new AudioDecodeError('VIDEO_NOT_ALLOWED', `streams: ${describeStreams(streams)}`);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio || audio.index === undefined)
    throw new AudioDecodeError('NO_AUDIO', `streams: ${describeStreams(streams)}`);
  const channels = audio.channels ?? 0;
  if (channels < 1)
    throw new AudioDecodeError('DECODE_FAILED', `audio stream without channels; ${result.stderr}`);
  const declared = Number.parseFloat(parsed.format?.duration ?? audio.duration ?? '');
  return {
    formatName: parsed.format?.format_name ?? 'unknown',
    declaredDurationSec: Number.isFinite(declared) && declared > 0 ? declared : null,
    durationEstimated: /Estimating duration from bitrate/i.test(result.stderr),
    audioStreamIndex: audio.index,
    codec: audio.codec_name ?? 'unknown',
    channels,
    sampleRate: Number.parseInt(audio.sample_rate ?? '0', 10) || 0,
    hasVideo,
  };
}

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

type WavLayout = {
  dataOffset: number;
  declaredDataBytes: number;
  /** What the data chunk really holds in this file. */
  dataBytes: number;
  /** False when the header carries a streaming placeholder size (0 or 0xFFFFFFFF, RF64). */
  declaredComplete: boolean;
  byteRate: number;
  fileSize: number;
};

async function readWavLayout(file: string): Promise<WavLayout | null> {
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
async function channelsMatch(left: string, right: string): Promise<boolean> {
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

type ToolResult = { code: number | null; stdout: string; stderr: string };

function runTool(
  bin: string,
  args: string[],
  opts: { timeoutMs: number; maxStdoutBytes: number },
): Promise<ToolResult> {
  return new Promise<ToolResult>((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: Error | undefined;
    const fail = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => fail(new AudioToolError('TIMEOUT', `${path.basename(bin)} exceeded ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > opts.maxStdoutBytes) {
        fail(new AudioDecodeError('DECODE_FAILED', `${path.basename(bin)} wrote more output than expected`));
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail: the last lines say why ffmpeg stopped.
      stderr = (stderr + chunk.toString('utf8')).slice(-MAX_STDERR_CHARS);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new AudioToolError('TOOL_MISSING', `${bin} not found on PATH`)
          : new AudioToolError('TOOL_MISSING', `${bin} could not start: ${error.message}`),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr.trim() });
    });
  });
}

/** An absolute `file:` input, so a name starting with "-" or "concat:" is never read as an option or protocol. */
function fileUrl(file: string): string {
  return `file:${path.resolve(file)}`;
}

function describeStreams(streams: FfprobeStream[]): string {
  return streams.map((s) => `${s.index}:${s.codec_type}/${s.codec_name}`).join(', ') || 'none';
}
