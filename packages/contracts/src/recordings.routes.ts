import { z } from 'zod';
import { defineRoute, Id, MAX_ID } from './http.js';
import {
  AudioUrlResponse,
  ExportQuery,
  FileUrlRequest,
  ProgressResponse,
  RecordingIdQuery,
  RecordingListQuery,
  RecordingListResponse,
  RetryResponse,
  SamplesResponse,
  UploadResponse,
} from './recordings.js';

/** Recordings calls of spec document 2, section 7, plus retry, audio, export and samples. */
const tags = ['recordings'] as const;

export const recordingsApi = {
  upload: defineRoute({
    method: 'POST',
    path: '/analysis/upload_file',
    access: 'member',
    summary: 'Upload an audio file (multipart: a "json" part with the upload fields, then the "file" part)',
    tags,
    bodyKind: 'multipart',
    status: 201,
    response: UploadResponse,
    errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'CONFLICT'],
  }),
  importUrl: defineRoute({
    method: 'POST',
    path: '/analysis/file-url',
    access: 'member',
    summary: 'Import a recording from an http(s) URL',
    tags,
    body: FileUrlRequest,
    status: 201,
    response: UploadResponse,
    errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNPROCESSABLE', 'CONFLICT'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/analysis/transcriptions',
    access: 'member',
    summary: 'List recordings (10 per page), newest first, with search',
    tags,
    query: RecordingListQuery.extend({
      userId: z.string().max(40).optional().describe('Ignored: the caller is the token'),
    }),
    response: RecordingListResponse,
  }),
  progress: defineRoute({
    method: 'GET',
    path: '/transcription/progress',
    access: 'member',
    summary: 'Processing progress 0–100',
    tags,
    query: RecordingIdQuery,
    response: ProgressResponse,
    errors: ['NOT_FOUND'],
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/recordings/:id/retry',
    access: 'member',
    summary: 'Retry a failed recording',
    tags,
    params: RecordingIdQuery,
    response: RetryResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  audio: defineRoute({
    method: 'GET',
    path: '/recordings/:id/audio',
    // Signed URLs (exp + sig) are checked by the handler; without them a member's token is required.
    access: 'public',
    summary: 'Stream the audio (HTTP Range supported); ?download=1 asks the browser to save it',
    tags,
    params: RecordingIdQuery,
    query: z.object({
      download: z.string().max(10).optional(),
      exp: z.coerce
        .number()
        .int()
        .min(0)
        .max(2 ** 31)
        .optional(),
      sig: z.string().max(100).optional(),
      /** The member a signed link was made for, and their session's version. */
      u: Id.optional(),
      v: z.coerce.number().int().min(0).max(MAX_ID).optional(),
    }),
    produces: 'stream',
    contentType: 'audio/*',
    errors: ['NOT_FOUND', 'RANGE_NOT_SATISFIABLE', 'UNAUTHORIZED'],
  }),
  audioUrl: defineRoute({
    method: 'GET',
    path: '/recordings/:id/audio-url',
    access: 'member',
    summary: 'A signed URL of the audio for an <audio> element (valid 6 hours)',
    tags,
    params: RecordingIdQuery,
    response: AudioUrlResponse,
    errors: ['NOT_FOUND'],
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/recordings/export.csv',
    access: 'member',
    summary: 'Export recordings as CSV (honours the search and the tracker filter, like the list)',
    tags,
    query: ExportQuery,
    produces: 'stream',
    contentType: 'text/csv',
    errors: ['NOT_FOUND'],
  }),
  importSamples: defineRoute({
    method: 'POST',
    path: '/recordings/samples',
    access: 'member',
    summary: 'Import the shipped sample calls (transcripts included; audio when espeak-ng is installed)',
    tags,
    status: 201,
    response: SamplesResponse,
    errors: ['CONFLICT'],
  }),
} as const;
