// The S3 fake's wire format: S3 errors, XML bodies, Range headers, and request bodies received with
// their signed payload hash checked (streamed to a temp file for objects and parts, buffered for
// the small XML bodies).
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MAX_XML_BODY = 1024 * 1024;

/** What the fake answers with: the HTTP status and S3's error code. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

export function sendXml(res: ServerResponse, status: number, body: string): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(xml) });
  res.end(xml);
}

export function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The `<Part>` list of a CompleteMultipartUpload body, in the order the client gave. */
export function parseCompletedParts(xml: string): { partNumber: number; etag: string }[] {
  return [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
    partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1] ?? '')?.[1]),
    etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(m[1] ?? '')?.[1] ?? '').replace(/&quot;/g, '"'),
  }));
}

export function parseRange(value: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** Streams the body to a temp file, hashing it; refuses it when a signed payload hash differs. */
export async function receiveBodyToFile(
  req: IncomingMessage,
  dir: string,
  payloadHash: string,
  log: { bodyBytes: number },
): Promise<{ file: string; size: number; md5: Buffer }> {
  const file = path.join(dir, `body-${randomUUID()}`);
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      sha256.update(chunk);
      md5.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(req, tap, createWriteStream(file));
    log.bodyBytes = size;
    checkPayload(payloadHash, sha256.digest('hex'));
    const declared = header(req, 'content-length');
    if (declared !== undefined && Number(declared) !== size) {
      throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified');
    }
    return { file, size, md5: md5.digest() };
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
}

export async function receiveSmallBody(
  req: IncomingMessage,
  payloadHash: string,
  log: { bodyBytes: number },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_XML_BODY) throw new S3Error(400, 'MaxMessageLengthExceeded', 'Request body too large');
    chunks.push(chunk);
  }
  log.bodyBytes = size;
  const body = Buffer.concat(chunks);
  checkPayload(payloadHash, createHash('sha256').update(body).digest('hex'));
  return body;
}

function checkPayload(declared: string, actual: string): void {
  if (declared === 'UNSIGNED-PAYLOAD') return;
  if (declared !== actual) {
    throw new S3Error(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
}
