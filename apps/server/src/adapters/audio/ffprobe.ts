// Probing a stored file with ffprobe: its container, first audio stream and declared duration;
// video and files without audio are refused here, before anything is decoded.
import { AudioDecodeError } from './audio-errors.js';
import { FORMAT_WHITELIST, fileUrl, runTool, type ToolOptions } from './ffmpeg-tool.js';

export const DEFAULT_PROBE_TIMEOUT_MS = 30_000;
const MAX_PROBE_OUTPUT_BYTES = 1024 * 1024;

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

function describeStreams(streams: FfprobeStream[]): string {
  return streams.map((s) => `${s.index}:${s.codec_type}/${s.codec_name}`).join(', ') || 'none';
}
