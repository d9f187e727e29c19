// AWS Signature Version 4 as the S3 fake checks it: recomputes the signature of a request with the
// known secret (canonical request, credential scope, signing key) and throws the error a real
// bucket would (403 SignatureDoesNotMatch and friends).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { S3Error, header } from './ingest-s3-fake-wire.js';

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** Recomputes the SigV4 signature of a request and throws the S3 error a real bucket would. */
export function verifySignature(
  req: IncomingMessage,
  rawPath: string,
  rawQuery: string,
  opts: SigV4Credentials,
  maxSkewMs: number,
): { signedHeaders: string[]; payloadHash: string } {
  const authorization = header(req, 'authorization');
  if (!authorization) throw new S3Error(403, 'AccessDenied', 'Anonymous access is not allowed');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
  const [, credential = '', signedHeaderList = '', signature = ''] = match;
  const [accessKeyId, date, region, service, terminator, ...extra] = credential.split('/');
  if (accessKeyId !== opts.accessKeyId) {
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS access key Id you provided does not exist in our records.',
    );
  }
  if (extra.length || service !== 's3' || terminator !== 'aws4_request' || !date) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The credential scope is malformed');
  }
  if (region !== opts.region) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The region '${region}' is wrong; expecting '${opts.region}'`,
    );
  }

  const amzDate = header(req, 'x-amz-date') ?? '';
  const amzMatch = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!amzMatch) throw new S3Error(403, 'AccessDenied', 'x-amz-date is missing or malformed');
  if (amzDate.slice(0, 8) !== date) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The credential date does not match x-amz-date');
  }
  const [, y, mo, d, h, mi, s] = amzMatch.map(Number);
  const signedAt = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s ?? 0);
  if (Math.abs(Date.now() - signedAt) > maxSkewMs) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }

  const signedHeaders = signedHeaderList.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signedHeaders.includes(required)) {
      throw new S3Error(403, 'AccessDenied', `The header ${required} must be signed`);
    }
  }
  const sortedCopy = [...signedHeaders].sort();
  if (sortedCopy.join(';') !== signedHeaderList) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'SignedHeaders must be sorted');
  }
  const payloadHash = header(req, 'x-amz-content-sha256') ?? '';
  if (payloadHash.startsWith('STREAMING-')) {
    throw new S3Error(501, 'NotImplemented', 'Chunk-signed streaming payloads are not supported by the fake');
  }
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && !/^[0-9a-f]{64}$/.test(payloadHash)) {
    throw new S3Error(
      400,
      'InvalidArgument',
      'x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256 hex digest',
    );
  }
  // A GET/HEAD/DELETE without a body must still declare the hash of the empty string (or unsigned).
  if (
    (req.method === 'GET' || req.method === 'HEAD') &&
    payloadHash !== EMPTY_SHA256 &&
    payloadHash !== 'UNSIGNED-PAYLOAD'
  ) {
    throw new S3Error(
      400,
      'XAmzContentSHA256Mismatch',
      'Unexpected payload hash for a request without a body',
    );
  }

  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = header(req, name);
      if (value === undefined) throw new S3Error(403, 'AccessDenied', `Signed header ${name} is missing`);
      return `${name}:${value.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method ?? 'GET',
    rawPath || '/',
    canonicalQuery(rawQuery),
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const kDate = hmac(`AWS4${opts.secretAccessKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, 's3');
  const kSigning = hmac(kService, 'aws4_request');
  const expected = createHmac('sha256', kSigning).update(stringToSign).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return { signedHeaders, payloadHash };
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      const value = eq === -1 ? '' : pair.slice(eq + 1);
      return [strictEncode(decodeURIComponent(name)), strictEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function strictEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
