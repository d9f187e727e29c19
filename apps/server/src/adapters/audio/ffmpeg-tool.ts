// Runs ffmpeg/ffprobe with argument arrays (no shell), a time cap (killed on expiry), bounded
// output, a whitelist of demuxers and only the `file` protocol, so a crafted upload cannot make
// ffmpeg open playlists, other local files or network URLs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { AudioDecodeError, AudioToolError } from './audio-errors.js';

// Demuxers for the accepted containers; anything else (concat, hls, image formats…) is refused.
export const FORMAT_WHITELIST = 'wav,mp3,mov,mp4,m4a,3gp,3g2,ogg,matroska,webm,flac,amr,amrnb,amrwb';
const MAX_STDERR_CHARS = 16_000;

export type ToolOptions = {
  timeoutMs?: number;
  ffprobePath?: string;
  ffmpegPath?: string;
};

export type ToolResult = { code: number | null; stdout: string; stderr: string };

export function runTool(
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
export function fileUrl(file: string): string {
  return `file:${path.resolve(file)}`;
}
