/** Owns the recordings HTTP routes: list/search, progress, audio (Range), CSV export, retry, accounts. */
import multipart from '@fastify/multipart';
import {
  ActiveLocationsResponse,
  AudioUrlResponse,
  ExportQuery,
  FileUrlRequest,
  UPLOAD_SUCCESS,
  UploadMeta,
  UploadResponse,
  ProgressResponse,
  RecordingIdQuery,
  RecordingListQuery,
  RecordingListResponse,
  RetryResponse,
  SamplesResponse,
} from '@call-insights/contracts/recordings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { SamplesService } from '../samples/samples.service.js';
import type { RecordingsService, StoredAudio } from './recordings.service.js';

export type RecordingsRoutesOptions = {
  service: RecordingsService;
  samples: SamplesService;
  maxUploadBytes: number;
};

/** Parses a single `bytes=` range; undefined = whole file; null = unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined | null {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

function parseMeta(raw: string | undefined) {
  let value: unknown = {};
  if (raw !== undefined && raw.trim() !== '') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError('BAD_REQUEST', 'The "json" part of the upload is not valid JSON.');
    }
  }
  const parsed = UploadMeta.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'json', message: i.message }));
    throw new AppError(
      'VALIDATION_FAILED',
      `Please check these fields: ${fields.map((f) => f.path).join(', ')}.`,
      fields,
    );
  }
  return parsed.data;
}

export const recordingsRoutes: FastifyPluginAsyncZod<RecordingsRoutesOptions> = async (
  app,
  { service, samples, maxUploadBytes },
) => {
  const tags = ['recordings'];
  const security = [{ token: [] }];

  await app.register(multipart, {
    limits: {
      fileSize: maxUploadBytes,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 12,
      headerPairs: 100,
    },
  });

  app.post(
    '/analysis/upload_file',
    {
      schema: {
        tags,
        security,
        summary:
          'Upload an audio file (multipart: a "json" part with the upload fields, then the "file" part)',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResponse },
      },
    },
    async (req, reply) => {
      const caller = await app.requireUser(req);
      if (!req.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the recording as multipart/form-data with a "file" part.',
        );
      }
      const fields: Record<string, string> = {};
      let stored: { audio: StoredAudio; name: string } | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || stored) {
              part.file.resume();
              continue;
            }
            stored = {
              audio: await service.storeAudio(caller, part.file),
              name: part.filename || 'recording',
            };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        if (stored) await service.discardAudio(stored.audio);
        throw err;
      }
      if (!stored)
        throw new AppError('VALIDATION_FAILED', 'Choose an audio file to upload.', [
          { path: 'file', message: 'Required' },
        ]);
      let meta;
      try {
        meta = parseMeta(
          fields.json ?? (Object.keys(fields).length > 0 ? JSON.stringify(fields) : undefined),
        );
      } catch (err) {
        await service.discardAudio(stored.audio);
        throw err;
      }
      const row = await service.createFromStoredAudio(caller, {
        audio: stored.audio,
        originalName: stored.name,
        meta,
        source: 'uploaded_file',
      });
      return reply.code(201).send({ success: UPLOAD_SUCCESS, id: row.id });
    },
  );

  app.post(
    '/analysis/file-url',
    {
      schema: {
        tags,
        security,
        summary: 'Import a recording from an http(s) URL',
        body: FileUrlRequest,
        response: { 201: UploadResponse },
      },
    },
    async (req, reply) => {
      const row = await service.importFromUrl(await app.requireUser(req), req.body);
      return reply.code(201).send({ success: UPLOAD_SUCCESS, id: row.id });
    },
  );

  app.get(
    '/analysis/transcriptions',
    {
      schema: {
        tags,
        security,
        summary: 'List recordings (10 per page), newest first, with search',
        querystring: RecordingListQuery.extend({
          userId: z.string().optional().describe('Ignored: the caller is the token'),
        }),
        response: { 200: RecordingListResponse },
      },
    },
    async (req) => service.list(await app.requireUser(req), req.query),
  );

  app.get(
    '/transcription/progress',
    {
      schema: {
        tags,
        security,
        summary: 'Processing progress 0–100',
        querystring: RecordingIdQuery,
        response: { 200: ProgressResponse },
      },
    },
    async (req) => service.progress(await app.requireUser(req), req.query.id),
  );

  app.post(
    '/recordings/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Retry a failed recording',
        params: RecordingIdQuery,
        response: { 200: RetryResponse },
      },
    },
    async (req) => service.retry(await app.requireUser(req), req.params.id),
  );

  app.get(
    '/recordings/:id/audio',
    {
      schema: {
        tags,
        security,
        summary: 'Stream the audio (HTTP Range supported); ?download=1 asks the browser to save it',
        params: RecordingIdQuery,
        querystring: z.object({
          download: z.string().optional(),
          exp: z.coerce.number().int().optional(),
          sig: z.string().max(100).optional(),
        }),
      },
    },
    async (req, reply) => {
      const { exp, sig } = req.query;
      const audio =
        exp !== undefined && sig !== undefined
          ? await service.audioBySignature(req.params.id, exp, sig)
          : await service.audio(await app.requireUser(req), req.params.id);
      const range = parseRange(req.headers.range, audio.size);
      reply.header('accept-ranges', 'bytes').header('content-type', audio.contentType);
      reply.header('cache-control', 'private, no-store');
      if (req.query.download !== undefined) {
        reply.header('content-disposition', contentDisposition(audio.fileName));
      }
      if (range === null) {
        reply.header('content-range', `bytes */${audio.size}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', 'The requested byte range is not in this file.');
      }
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${audio.size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(await audio.open(range));
      }
      reply.header('content-length', audio.size);
      return reply.send(await audio.open());
    },
  );

  app.get(
    '/recordings/:id/audio-url',
    {
      schema: {
        tags,
        security,
        summary: 'A signed URL of the audio for an <audio> element (valid 6 hours)',
        params: RecordingIdQuery,
        response: { 200: AudioUrlResponse },
      },
    },
    async (req) => service.audioUrl(await app.requireUser(req), req.params.id),
  );

  app.get(
    '/recordings/export.csv',
    {
      schema: {
        tags,
        security,
        summary: 'Export recordings as CSV (honours the search)',
        querystring: ExportQuery,
      },
    },
    async (req, reply) => {
      const caller = await app.requireUser(req);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="recordings-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(service.exportCsv(caller, req.query.q)));
    },
  );

  app.post(
    '/recordings/samples',
    {
      schema: {
        tags,
        security,
        summary: 'Import the shipped sample calls (transcripts included; audio when espeak-ng is installed)',
        response: { 201: SamplesResponse },
      },
    },
    async (req, reply) => {
      const caller = await app.requireUser(req);
      await service.assertQuota(caller);
      return reply.code(201).send(await samples.importSamples(caller));
    },
  );

  app.get(
    '/locations/active-locations',
    {
      schema: {
        tags: ['locations'],
        security,
        summary: 'Active CRM accounts for the import dialog',
        querystring: z.object({ userId: z.string().optional() }),
        response: { 200: ActiveLocationsResponse },
      },
    },
    async (req) => service.activeLocations(await app.requireUser(req)),
  );
};
