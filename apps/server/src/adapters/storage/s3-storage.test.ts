import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Fake } from '../../test-support/ingest-s3-fake.js';
import type { S3Fake } from '../../test-support/ingest-s3-fake.js';
import { describeStorageContract, lazyBody, readAll } from '../../test-support/ingest-storage-contract.js';
import { createStorage } from './create-storage.js';
import { S3Storage } from './s3-storage.js';
import type { S3StorageOptions } from './s3-storage.js';
import { PayloadTooLargeError } from './storage.js';

const BUCKET = 'call-audio';
const CREDENTIALS = { accessKeyId: 'AKIDINGESTTEST', secretAccessKey: 'ingest-test-secret/with+chars' };

function s3Options(fake: S3Fake, overrides: Partial<S3StorageOptions> = {}): S3StorageOptions {
  return {
    bucket: BUCKET,
    region: fake.region,
    endpoint: fake.endpoint,
    forcePathStyle: true,
    ...CREDENTIALS,
    ...overrides,
  };
}

describeStorageContract('S3-compatible (fake with SigV4 verification)', async () => {
  const fake = await startS3Fake({ ...CREDENTIALS, region: 'eu-west-3', buckets: [BUCKET] });
  const storage = new S3Storage(s3Options(fake));
  return {
    storage,
    keys: async () => fake.listKeys(BUCKET),
    leftovers: async () =>
      fake.listUploads(BUCKET).map((u) => `upload ${u.uploadId} of ${u.key} (${u.parts} parts)`),
    teardown: async () => {
      // Every request the adapter made must have passed signature verification.
      const refused = fake.requests.filter((r) =>
        ['SignatureDoesNotMatch', 'AccessDenied'].includes(r.errorCode ?? ''),
      );
      storage.destroy();
      await fake.close();
      expect(refused).toEqual([]);
    },
  };
});

describe('S3Storage specifics', () => {
  let fake: S3Fake;
  beforeAll(async () => {
    fake = await startS3Fake({ ...CREDENTIALS, region: 'us-east-1', buckets: [BUCKET] });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('uses one PutObject for a body that fits in one part, with a signed payload', async () => {
    const storage = new S3Storage(s3Options(fake));
    const from = fake.requests.length;
    await storage.put('small.wav', Readable.from([Buffer.from('small body')]), { contentType: 'audio/wav' });
    const calls = fake.requests.slice(from);
    expect(calls.map((r) => r.operation)).toEqual(['PutObject']);
    expect(calls[0]?.status).toBe(200);
    expect(calls[0]?.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    expect(calls[0]?.signedHeaders).toEqual(
      expect.arrayContaining(['host', 'x-amz-date', 'x-amz-content-sha256']),
    );
    storage.destroy();
  });

  it('uploads large bodies as 8 MiB parts, each signed with its payload hash', async () => {
    const storage = new S3Storage(s3Options(fake));
    const from = fake.requests.length;
    const body = lazyBody(8 * 1024 * 1024 * 2 + 100);
    await storage.put('multi.wav', body.stream, { contentType: 'audio/wav' });
    const calls = fake.requests.slice(from);
    expect(calls.map((r) => r.operation)).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ]);
    expect(calls.filter((r) => r.operation === 'UploadPart').map((r) => r.bodyBytes)).toEqual([
      8 * 1024 * 1024,
      8 * 1024 * 1024,
      100,
    ]);
    expect(calls.every((r) => /^[0-9a-f]{64}$/.test(r.payloadHash ?? ''))).toBe(true);
    expect(fake.listUploads(BUCKET)).toEqual([]);
    storage.destroy();
  });

  it('aborts the multipart upload when the body passes maxBytes', async () => {
    const storage = new S3Storage(s3Options(fake));
    const from = fake.requests.length;
    const error = await storage
      .put('too-big.wav', lazyBody(40 * 1024 * 1024).stream, { maxBytes: 12 * 1024 * 1024 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(fake.requests.slice(from).map((r) => r.operation)).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'AbortMultipartUpload',
    ]);
    expect(fake.listUploads(BUCKET)).toEqual([]);
    expect(await storage.stat('too-big.wav')).toBeNull();
    storage.destroy();
  });

  it('stores the content type', async () => {
    const storage = new S3Storage(s3Options(fake));
    await storage.put('typed.ogg', Readable.from([Buffer.from('OggS')]), { contentType: 'audio/ogg' });
    expect(fake.objectInfo(BUCKET, 'typed.ogg')).toMatchObject({ size: 4, contentType: 'audio/ogg' });
    await storage.put('typed-big.ogg', lazyBody(9 * 1024 * 1024).stream, { contentType: 'audio/ogg' });
    expect(fake.objectInfo(BUCKET, 'typed-big.ogg')).toMatchObject({ contentType: 'audio/ogg' });
    storage.destroy();
  });

  it('fails clearly with a wrong secret (the fake really checks signatures)', async () => {
    const storage = new S3Storage(s3Options(fake, { secretAccessKey: 'not-the-secret' }));
    await expect(storage.put('x.wav', Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    await expect(storage.stat('x.wav')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    storage.destroy();
  });

  it('fails clearly with an unknown access key, wrong region or missing bucket', async () => {
    const wrongKey = new S3Storage(s3Options(fake, { accessKeyId: 'AKIDUNKNOWN' }));
    await expect(wrongKey.put('x.wav', Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    wrongKey.destroy();
    const wrongRegion = new S3Storage(s3Options(fake, { region: 'ap-south-1' }));
    await expect(wrongRegion.put('x.wav', Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
      name: 'AuthorizationHeaderMalformed',
    });
    wrongRegion.destroy();
    const noBucket = new S3Storage(s3Options(fake, { bucket: 'missing-bucket' }));
    await expect(noBucket.put('x.wav', Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    noBucket.destroy();
  });

  it('is built by the factory from a plain options object', async () => {
    const storage = createStorage({ kind: 's3', ...s3Options(fake) });
    expect(storage).toBeInstanceOf(S3Storage);
    await storage.put('factory.wav', Readable.from([Buffer.from('made by factory')]));
    expect((await readAll(await storage.getStream('factory.wav', { start: 8 }))).toString()).toBe('factory');
    (storage as S3Storage).destroy();
  });

  it('validates its configuration', () => {
    expect(() => new S3Storage({ bucket: '' })).toThrow(/bucket/);
    expect(() => new S3Storage({ bucket: 'b', accessKeyId: 'only-key' })).toThrow(/both/);
    expect(() => new S3Storage({ bucket: 'b', partSizeBytes: 1024 })).toThrow(/part size/);
  });
});
