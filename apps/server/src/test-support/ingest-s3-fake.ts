// A small S3-compatible server for tests, on 127.0.0.1. Owns only the calls the S3 storage adapter
// makes (path-style buckets): PutObject, multipart upload (create, upload part, complete, abort),
// GetObject with Range, HeadObject, DeleteObject. Objects and parts live in a temp folder, so large
// uploads do not inflate the test process's memory.
//
// Every request must carry a valid AWS Signature Version 4 `Authorization` header: the fake
// recomputes the signature with the known secret (canonical request, credential scope, signing key)
// and refuses mismatches the way S3 does (403 SignatureDoesNotMatch and friends). The payload is
// verified too when the client signs it (`x-amz-content-sha256` is a hex SHA-256): the body is hashed
// while it streams to disk and refused on mismatch. `UNSIGNED-PAYLOAD` is accepted (the signature
// still covers the headers); the `STREAMING-*` chunk-signed encodings are refused with 501 because
// the adapter never sends them (it uploads buffered parts with a known length).
//
// Pieces beside this file: `ingest-s3-fake-sigv4.ts` (signature checks) and
// `ingest-s3-fake-wire.ts` (errors, XML, ranges, request bodies); this one routes the operations.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { verifySignature } from './ingest-s3-fake-sigv4.js';
import {
  S3Error,
  header,
  parseCompletedParts,
  parseRange,
  receiveBodyToFile,
  receiveSmallBody,
  sendXml,
  xmlEscape,
} from './ingest-s3-fake-wire.js';

export type S3FakeOptions = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  buckets: string[];
  /** S3 refuses non-final parts under 5 MiB; tests can lower it. */
  minPartSize?: number;
  /** Allowed difference between the request's x-amz-date and the fake's clock. */
  maxClockSkewMs?: number;
};

export type S3FakeRequest = {
  method: string;
  operation: string;
  bucket?: string;
  key?: string;
  status: number;
  /** The S3 error code when refused, e.g. SignatureDoesNotMatch. */
  errorCode?: string;
  signedHeaders?: string[];
  payloadHash?: string;
  bodyBytes: number;
};

type StoredObject = { file: string; size: number; etag: string; contentType?: string };
type Part = { file: string; size: number; etag: string; md5: Buffer };
type Upload = { bucket: string; key: string; contentType?: string; parts: Map<number, Part> };

export type S3Fake = {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request received, in order, with how it was answered. */
  requests: S3FakeRequest[];
  listKeys(bucket: string): string[];
  listUploads(bucket: string): { key: string; uploadId: string; parts: number }[];
  objectInfo(bucket: string, key: string): { size: number; etag: string; contentType?: string } | undefined;
  close(): Promise<void>;
};

export async function startS3Fake(opts: S3FakeOptions): Promise<S3Fake> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ingest-s3-fake-'));
  const buckets = new Map<string, Map<string, StoredObject>>(opts.buckets.map((b) => [b, new Map()]));
  const uploads = new Map<string, Upload>();
  const requests: S3FakeRequest[] = [];
  const minPartSize = opts.minPartSize ?? 5 * 1024 * 1024;
  const maxSkew = opts.maxClockSkewMs ?? 15 * 60 * 1000;

  const handle = async (req: IncomingMessage, res: ServerResponse, log: S3FakeRequest): Promise<void> => {
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    const rawQuery = queryAt === -1 ? '' : rawUrl.slice(queryAt + 1);
    const query = new URLSearchParams(rawQuery);
    const [bucketPart = '', ...keyParts] = rawPath.slice(1).split('/');
    const bucket = decodeURIComponent(bucketPart);
    const key = keyParts.length ? keyParts.map((p) => decodeURIComponent(p)).join('/') : '';
    log.bucket = bucket;
    log.key = key;
    const method = req.method ?? 'GET';
    log.operation = operationName(method, query, key);

    const auth = verifySignature(req, rawPath, rawQuery, opts, maxSkew);
    log.signedHeaders = auth.signedHeaders;
    log.payloadHash = auth.payloadHash;

    const objects = buckets.get(bucket);
    if (!objects) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) throw new S3Error(501, 'NotImplemented', 'Bucket-level operations are not implemented');

    switch (log.operation) {
      case 'PutObject': {
        const body = await receiveBodyToFile(req, dir, auth.payloadHash, log);
        replaceObject(objects, key, {
          ...body,
          etag: `"${body.md5.toString('hex')}"`,
          contentType: header(req, 'content-type'),
        });
        res.writeHead(200, { ETag: `"${body.md5.toString('hex')}"` }).end();
        return;
      }
      case 'CreateMultipartUpload': {
        await receiveSmallBody(req, auth.payloadHash, log);
        const uploadId = randomUUID();
        uploads.set(uploadId, { bucket, key, contentType: header(req, 'content-type'), parts: new Map() });
        sendXml(
          res,
          200,
          `<InitiateMultipartUploadResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key>` +
            `<UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
        return;
      }
      case 'UploadPart': {
        const upload = findUpload(uploads, query.get('uploadId'), bucket, key);
        const partNumber = Number(query.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000) {
          throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000');
        }
        const body = await receiveBodyToFile(req, dir, auth.payloadHash, log);
        const previous = upload.parts.get(partNumber);
        if (previous) await unlink(previous.file).catch(() => undefined);
        const etag = `"${body.md5.toString('hex')}"`;
        upload.parts.set(partNumber, { ...body, etag });
        res.writeHead(200, { ETag: etag }).end();
        return;
      }
      case 'CompleteMultipartUpload': {
        const uploadId = query.get('uploadId');
        const upload = findUpload(uploads, uploadId, bucket, key);
        const xml = (await receiveSmallBody(req, auth.payloadHash, log)).toString('utf8');
        const listed = parseCompletedParts(xml);
        if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'No parts listed');
        const chosen: Part[] = [];
        listed.forEach((item, index) => {
          const part = upload.parts.get(item.partNumber);
          if (!part || part.etag !== item.etag)
            throw new S3Error(400, 'InvalidPart', 'A listed part was not found');
          if (index > 0 && item.partNumber <= (listed[index - 1]?.partNumber ?? 0)) {
            throw new S3Error(400, 'InvalidPartOrder', 'Parts must be listed in ascending order');
          }
          if (index < listed.length - 1 && part.size < minPartSize) {
            throw new S3Error(
              400,
              'EntityTooSmall',
              'Your proposed upload is smaller than the minimum allowed',
            );
          }
          chosen.push(part);
        });
        const file = path.join(dir, `obj-${randomUUID()}`);
        await pipeline(async function* () {
          for (const part of chosen) yield* createReadStream(part.file);
        }, createWriteStream(file));
        const digest = createHash('md5');
        for (const part of chosen) digest.update(part.md5);
        const etag = `"${digest.digest('hex')}-${chosen.length}"`;
        const size = chosen.reduce((sum, p) => sum + p.size, 0);
        await discardUpload(uploads, uploadId ?? '');
        replaceObject(objects, key, { file, size, etag, contentType: upload.contentType });
        sendXml(
          res,
          200,
          `<CompleteMultipartUploadResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key>` +
            `<ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
        return;
      }
      case 'AbortMultipartUpload': {
        await receiveSmallBody(req, auth.payloadHash, log);
        const uploadId = query.get('uploadId') ?? '';
        findUpload(uploads, uploadId, bucket, key);
        await discardUpload(uploads, uploadId);
        res.writeHead(204).end();
        return;
      }
      case 'GetObject':
      case 'HeadObject': {
        await receiveSmallBody(req, auth.payloadHash, log);
        const object = objects.get(key);
        if (!object) {
          if (method === 'HEAD') throw new S3Error(404, 'NotFound', 'Not Found');
          throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        }
        const headers: Record<string, string | number> = {
          ETag: object.etag,
          'Accept-Ranges': 'bytes',
          'Content-Type': object.contentType ?? 'application/octet-stream',
        };
        const rangeHeader = header(req, 'range');
        if (method === 'GET' && rangeHeader) {
          const range = parseRange(rangeHeader, object.size);
          if (!range) {
            res.setHeader('Content-Range', `bytes */${object.size}`);
            throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
          }
          res.writeHead(206, {
            ...headers,
            'Content-Length': range.end - range.start + 1,
            'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`,
          });
          await pipeline(createReadStream(object.file, range), res);
          return;
        }
        res.writeHead(200, { ...headers, 'Content-Length': object.size });
        if (method === 'HEAD') {
          res.end();
          return;
        }
        await pipeline(createReadStream(object.file), res);
        return;
      }
      case 'DeleteObject': {
        await receiveSmallBody(req, auth.payloadHash, log);
        const object = objects.get(key);
        objects.delete(key);
        if (object) await unlink(object.file).catch(() => undefined);
        res.writeHead(204).end();
        return;
      }
      default:
        throw new S3Error(501, 'NotImplemented', `${log.operation} is not implemented by the fake`);
    }
  };

  const server: Server = createServer((req, res) => {
    const log: S3FakeRequest = { method: req.method ?? '', operation: 'Unknown', status: 0, bodyBytes: 0 };
    requests.push(log);
    handle(req, res, log)
      .then(() => {
        log.status = res.statusCode;
      })
      .catch((error: unknown) => {
        const s3 =
          error instanceof S3Error ? error : new S3Error(500, 'InternalError', (error as Error).message);
        log.status = s3.status;
        log.errorCode = s3.code;
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // Refused before the body was read: the client may still be sending it, so close the
        // connection instead of leaving it half-read.
        res.setHeader('Connection', 'close');
        if (req.method === 'HEAD') {
          res.writeHead(s3.status).end();
        } else {
          sendXml(
            res,
            s3.status,
            `<Error><Code>${s3.code}</Code><Message>${xmlEscape(s3.message)}</Message></Error>`,
          );
        }
        req.resume();
      });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: opts.region,
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
    requests,
    listKeys: (bucket) => [...(buckets.get(bucket)?.keys() ?? [])].sort(),
    listUploads: (bucket) =>
      [...uploads.entries()]
        .filter(([, u]) => u.bucket === bucket)
        .map(([uploadId, u]) => ({ key: u.key, uploadId, parts: u.parts.size })),
    objectInfo: (bucket, key) => {
      const object = buckets.get(bucket)?.get(key);
      return object && { size: object.size, etag: object.etag, contentType: object.contentType };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function operationName(method: string, query: URLSearchParams, key: string): string {
  if (!key) return `${method} bucket`;
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload';
  if (method === 'PUT' && query.has('uploadId')) return 'UploadPart';
  if (method === 'POST' && query.has('uploadId')) return 'CompleteMultipartUpload';
  if (method === 'DELETE' && query.has('uploadId')) return 'AbortMultipartUpload';
  if (method === 'PUT') return 'PutObject';
  if (method === 'GET') return 'GetObject';
  if (method === 'HEAD') return 'HeadObject';
  if (method === 'DELETE') return 'DeleteObject';
  return `${method} object`;
}

function findUpload(
  uploads: Map<string, Upload>,
  uploadId: string | null,
  bucket: string,
  key: string,
): Upload {
  const upload = uploadId ? uploads.get(uploadId) : undefined;
  if (!upload || upload.bucket !== bucket || upload.key !== key) {
    throw new S3Error(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
  }
  return upload;
}

async function discardUpload(uploads: Map<string, Upload>, uploadId: string): Promise<void> {
  const upload = uploads.get(uploadId);
  uploads.delete(uploadId);
  for (const part of upload?.parts.values() ?? []) await unlink(part.file).catch(() => undefined);
}

function replaceObject(objects: Map<string, StoredObject>, key: string, object: StoredObject): void {
  const previous = objects.get(key);
  objects.set(key, object);
  if (previous) void unlink(previous.file).catch(() => undefined);
}
