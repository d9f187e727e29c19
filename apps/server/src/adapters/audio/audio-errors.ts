// Errors of the audio tools: the file itself is unusable (AudioDecodeError, never worth a retry) or
// the tools failed for reasons outside the file (AudioToolError: time cap, missing binary).
import { DomainError, msg } from '../../errors.js';
import { ACCEPTED_AUDIO_DESCRIPTION } from './sniff.js';

export type AudioDecodeErrorCode =
  'DECODE_FAILED' | 'TRUNCATED' | 'EMPTY_AUDIO' | 'NO_AUDIO' | 'VIDEO_NOT_ALLOWED';

const DECODE_MESSAGES: Record<AudioDecodeErrorCode, string> = {
  DECODE_FAILED: msg('The audio file could not be decoded (it may be corrupt or truncated).'),
  TRUNCATED: msg('The audio file is incomplete: it ends before its stated length. Upload the complete file.'),
  EMPTY_AUDIO: msg('The audio file contains no audio samples.'),
  NO_AUDIO: msg('The file contains no audio track.'),
  VIDEO_NOT_ALLOWED: msg('This file contains video. Upload an audio-only file ({formats}).'),
};

/**
 * This recording's audio cannot be used as is; retrying will not help. `message` is safe to show
 * to users; ffmpeg's own output stays in `detail`, for logs only. `reason` says which failure.
 */
export class AudioDecodeError extends DomainError {
  constructor(
    readonly reason: AudioDecodeErrorCode,
    detail?: string,
  ) {
    super('UNPROCESSABLE', DECODE_MESSAGES[reason], {
      retryable: false,
      detail,
      params: { formats: ACCEPTED_AUDIO_DESCRIPTION },
    });
    this.name = 'AudioDecodeError';
  }
}

export type AudioToolErrorCode = 'TIMEOUT' | 'TOOL_MISSING';

/** The tools failed for reasons outside the file (time cap, missing binary): worth a retry or an operator. */
export class AudioToolError extends DomainError {
  constructor(
    readonly reason: AudioToolErrorCode,
    detail?: string,
  ) {
    super(
      'UNAVAILABLE',
      reason === 'TIMEOUT'
        ? msg('Processing the audio took too long. Try again later.')
        : msg('Audio processing is not available on this server (ffmpeg is missing).'),
      { retryable: reason === 'TIMEOUT', detail },
    );
    this.name = 'AudioToolError';
  }
}
