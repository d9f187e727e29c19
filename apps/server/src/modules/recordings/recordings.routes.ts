/** Owns the recordings HTTP routes: list/search, progress, audio (Range), CSV export, retry, accounts. */
import multipart from '@fastify/multipart';
import { UPLOAD_SUCCESS, UploadMeta } from '@call-insights/contracts/recordings';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PayloadTooLargeError } from '../../adapters/storage/storage.js';
import { AppError, msg } from '../../errors.js';
import { translate, type Language } from '../../i18n/translate.js';
import { clientGoneSignal } from '../../http/client-gone.js';
import type { Router } from '../../http/route.js';
import { fieldProblem } from '../../http/field-problems.js';
import type { Caller } from '../../plugins/auth.js';
import type { RecordingsService, StoredAudio } from './recordings.service.js';

export type RecordingsRoutesDeps = {
  service: RecordingsService;
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

/** A multipart content type's `boundary` parameter, with a value (quoted or not). */
const MULTIPART_BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]+"|[^\s;"]+)/i;

/** More than the boundaries, part headers and metadata fields of an upload take (the web's: < 1 KB). */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

function parseMeta(raw: string | undefined, lang: Language) {
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
    const fields = parsed.error.issues.map((i) => ({
      path: i.path.join('.') || 'json',
      message: fieldProblem(i, lang),
    }));
    throw new AppError('VALIDATION_FAILED', 'Please check these fields: {fields}.', {
      fields,
      params: { fields: fields.map((f) => f.path).join(', ') },
    });
  }
  return parsed.data;
}

export async function recordingsRoutes(
  app: FastifyInstance,
  router: Router,
  { service, maxUploadBytes }: RecordingsRoutesDeps,
  authenticate: (req: FastifyRequest) => Promise<Caller>,
): Promise<void> {
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

  router.route(recordingsApi.upload, async ({ caller, req, lang }) => {
    if (!req.isMultipart()) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the recording as multipart/form-data with a "file" part.',
      );
    }
    // Without a boundary the parts cannot be told apart: the multipart reader throws a plain Error.
    if (!MULTIPART_BOUNDARY.test(req.headers['content-type'] ?? '')) {
      throw new AppError(
        'BAD_REQUEST',
        'Send the recording as multipart/form-data with a boundary and a "file" part.',
      );
    }
    // Refused before any byte is read when the organization is full or the body cannot fit (its
    // size less an allowance for the multipart framing and fields); the insert checks again.
    const declared = Number(req.headers['content-length']);
    await service.assertQuota(
      caller,
      Number.isFinite(declared) && declared > MULTIPART_FRAMING_BYTES
        ? { incomingBytes: declared - MULTIPART_FRAMING_BYTES }
        : {},
    );
    const fields: Record<string, string> = {};
    let stored: { audio: StoredAudio; name: string } | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || stored) {
            part.file.resume();
            continue;
          }
          // Past the size cap busboy stops feeding the stream but never ends it, and if the client
          // then hangs up nothing would: end it now with the 413, so the partial file goes at once.
          part.file.once('limit', () => part.file.destroy(new PayloadTooLargeError(maxUploadBytes)));
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
      throw new AppError('VALIDATION_FAILED', 'Choose an audio file to upload.', {
        fields: [{ path: 'file', message: translate(lang, msg('is required')) }],
      });
    let meta;
    try {
      meta = parseMeta(
        fields.json ?? (Object.keys(fields).length > 0 ? JSON.stringify(fields) : undefined),
        lang,
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
    return { success: UPLOAD_SUCCESS, id: row.id } as const;
  });

  router.route(recordingsApi.importUrl, async ({ caller, body, reply }) => {
    // A client that hangs up stops the download: its place and partial file are given back at once.
    const row = await service.importFromUrl(caller, body, { signal: clientGoneSignal(reply) });
    return { success: UPLOAD_SUCCESS, id: row.id } as const;
  });

  router.route(recordingsApi.list, async ({ caller, query, lang }) => service.list(caller, query, lang));

  router.route(recordingsApi.progress, async ({ caller, query, lang }) =>
    service.progress(caller, query.id, lang),
  );

  router.route(recordingsApi.retry, async ({ caller, params }) => service.retry(caller, params.id));

  router.route(recordingsApi.audio, async ({ params, query, req, reply }) => {
    const { exp, sig, u, v } = query;
    const audio =
      exp !== undefined && sig !== undefined
        ? await service.audioBySignature(params.id, { exp, sig, u, v })
        : await service.audio(await authenticate(req), params.id);
    const range = parseRange(req.headers.range, audio.size);
    reply.header('accept-ranges', 'bytes').header('content-type', audio.contentType);
    reply.header('cache-control', 'private, no-store');
    if (query.download !== undefined) {
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
  });

  router.route(recordingsApi.audioUrl, async ({ caller, params }) => service.audioUrl(caller, params.id));

  router.route(recordingsApi.exportCsv, async ({ caller, query, reply, lang }) => {
    // The stream first: a refusal (another organization's tracker) answers as JSON, not as a CSV.
    const csv = await service.exportCsv(caller, query, lang);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="recordings-${day}.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  });
}
