// Proves the S3 fake is strict enough to trust: it refuses what a real bucket refuses, so the
// S3 storage contract passing against it means the adapter's requests are correctly signed.
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Fake } from './ingest-s3-fake.js';
import type { S3Fake } from './ingest-s3-fake.js';

const BUCKET = 'fake-test';
const CREDENTIALS = { accessKeyId: 'AKIDFAKETEST', secretAccessKey: 'fake-secret' };

type Mutable = {
  headers: Record<string, string>;
  body?: unknown;
  path: string;
  query?: Record<string, string>;
};

describe('ingest S3 fake', () => {
  let fake: S3Fake;
  const clients: S3Client[] = [];
  beforeAll(async () => {
    fake = await startS3Fake({ ...CREDENTIALS, region: 'us-east-1', buckets: [BUCKET], minPartSize: 1024 });
  });
  afterAll(async () => {
    clients.forEach((c) => c.destroy());
    await fake.close();
  });

  /** A client whose signed requests can be altered on the way out, like an attacker in the middle. */
  function client(tamper?: (request: Mutable) => void, config: Partial<S3ClientConfig> = {}): S3Client {
    const c = new S3Client({
      region: 'us-east-1',
      endpoint: fake.endpoint,
      forcePathStyle: true,
      credentials: CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      maxAttempts: 1,
      ...config,
    });
    if (tamper) {
      // The deserialize step runs after signing (finalizeRequest), right before sending.
      c.middlewareStack.add(
        (next) => async (args) => {
          tamper(args.request as Mutable);
          return next(args);
        },
        { step: 'deserialize', priority: 'low' },
      );
    }
    clients.push(c);
    return c;
  }

  it('accepts a correctly signed request', async () => {
    await client().send(new PutObjectCommand({ Bucket: BUCKET, Key: 'ok.txt', Body: Buffer.from('fine') }));
    expect(fake.objectInfo(BUCKET, 'ok.txt')).toMatchObject({ size: 4 });
  });

  it('refuses a body changed after signing', async () => {
    const c = client((req) => {
      req.body = Buffer.from('evil');
    });
    await expect(
      c.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'tampered.txt', Body: Buffer.from('good') })),
    ).rejects.toMatchObject({ name: 'XAmzContentSHA256Mismatch' });
    expect(fake.objectInfo(BUCKET, 'tampered.txt')).toBeUndefined();
  });

  it('refuses a signed header changed after signing', async () => {
    const c = client((req) => {
      req.headers['content-type'] = 'text/html';
    });
    await expect(
      c.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: 'h.txt',
          Body: Buffer.from('x'),
          ContentType: 'text/plain',
        }),
      ),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('refuses a path or query changed after signing', async () => {
    const path = client((req) => {
      req.path = req.path.replace('a.txt', 'b.txt');
    });
    await expect(
      path.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a.txt', Body: Buffer.from('x') })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const query = client((req) => {
      if (req.query) req.query['partNumber'] = '2';
    });
    const { UploadId } = await client().send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'q.bin' }),
    );
    await expect(
      query.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: 'q.bin',
          UploadId,
          PartNumber: 1,
          Body: Buffer.from('x'),
        }),
      ),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('refuses a request signed too long ago', async () => {
    const c = client(undefined, { systemClockOffset: -60 * 60 * 1000 });
    await expect(
      c.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'old.txt', Body: Buffer.from('x') })),
    ).rejects.toMatchObject({ name: 'RequestTimeTooSkewed' });
  });

  it('refuses anonymous requests', async () => {
    await fetch(`${fake.endpoint}/${BUCKET}/ok.txt`).then((res) => expect(res.status).toBe(403));
  });

  it('refuses undersized middle parts, like S3', async () => {
    const c = client();
    const { UploadId } = await c.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'parts.bin' }));
    const etags: string[] = [];
    for (const [PartNumber, size] of [
      [1, 10],
      [2, 10],
    ] as const) {
      const part = await c.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: 'parts.bin',
          UploadId,
          PartNumber,
          Body: Buffer.alloc(size),
        }),
      );
      etags.push(part.ETag ?? '');
    }
    await expect(
      c.send(
        new CompleteMultipartUploadCommand({
          Bucket: BUCKET,
          Key: 'parts.bin',
          UploadId,
          MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
        }),
      ),
    ).rejects.toMatchObject({ name: 'EntityTooSmall' });
  });

  it('serves suffix and open ranges', async () => {
    const c = client();
    await c.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'range.txt', Body: Buffer.from('0123456789') }));
    const read = async (Range: string) =>
      (
        await c.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'range.txt', Range }))
      ).Body?.transformToString();
    expect(await read('bytes=-3')).toBe('789');
    expect(await read('bytes=4-')).toBe('456789');
    await expect(read('bytes=10-')).rejects.toMatchObject({ name: 'InvalidRange' });
  });
});
