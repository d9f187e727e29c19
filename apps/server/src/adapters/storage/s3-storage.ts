// S3-compatible object storage (AWS S3, MinIO, R2, Ceph, …) for production and scale-out. Owns the
// mapping of the storage port onto S3 calls. Uploads stream: PutObject needs a known length, so a
// body is read in parts of `partSizeBytes` (8 MiB), one buffered at a time, and sent with multipart
// upload; a body that fits in one part goes out as a single PutObject. Any failure or an over-limit
// body aborts the multipart upload so no parts are left behind (and billed).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { CompletedPart } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import {
  assertValidKey,
  assertValidRange,
  PayloadTooLargeError,
  StorageNotFoundError,
  StorageRangeError,
} from './storage.js';
import type { ByteRange, PutOptions, StorageAdapter } from './storage.js';

export const DEFAULT_PART_SIZE_BYTES = 8 * 1024 * 1024;
// S3 refuses non-final parts smaller than this.
const MIN_PART_SIZE_BYTES = 5 * 1024 * 1024;

export type S3StorageOptions = {
  bucket: string;
  /** Defaults to us-east-1, which most S3-compatible servers accept. */
  region?: string;
  /** For S3-compatible servers, e.g. http://127.0.0.1:9000; omit for AWS. */
  endpoint?: string;
  /** Omit both keys to use the AWS default credential chain (env, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (endpoint/bucket/key); most S3-compatible servers need it. */
  forcePathStyle?: boolean;
  partSizeBytes?: number;
  /** Extra attempts for a failed request; parts are buffers, so a retry can resend them. */
  maxAttempts?: number;
};

export class S3Storage implements StorageAdapter {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;

  constructor(opts: S3StorageOptions) {
    if (!opts.bucket) throw new Error('S3 storage needs a bucket name');
    if ((opts.accessKeyId === undefined) !== (opts.secretAccessKey === undefined)) {
      throw new Error('S3 storage needs both accessKeyId and secretAccessKey, or neither');
    }
    this.partSize = opts.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES;
    if (!Number.isSafeInteger(this.partSize) || this.partSize < MIN_PART_SIZE_BYTES) {
      throw new Error(`S3 part size must be at least ${MIN_PART_SIZE_BYTES} bytes`);
    }
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region ?? 'us-east-1',
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle ?? false,
      maxAttempts: opts.maxAttempts,
      credentials:
        opts.accessKeyId !== undefined && opts.secretAccessKey !== undefined
          ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
          : undefined,
      // The SDK's default (checksums on every upload) is refused by several S3-compatible servers;
      // integrity is still covered because buffered bodies are signed with their SHA-256.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<{ key: string; size: number }> {
    assertValidKey(key);
    const { maxBytes, contentType } = opts;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];

    const sendPart = async (part: Buffer): Promise<void> => {
      uploadId ??= await this.createUpload(key, contentType);
      const PartNumber = parts.length + 1;
      const result = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: part }),
      );
      parts.push({ PartNumber, ETag: result.ETag });
    };

    try {
      // Awaiting inside the loop pauses the body, so at most one part (plus one chunk) is in memory;
      // throwing out of the loop destroys the body.
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += buffer.length;
        if (maxBytes !== undefined && size > maxBytes) throw new PayloadTooLargeError(maxBytes);
        pending.push(buffer);
        pendingBytes += buffer.length;
        while (pendingBytes >= this.partSize) {
          const joined = Buffer.concat(pending, pendingBytes);
          // Copy the remainder so the joined buffer can be freed once its part is sent.
          const rest = Buffer.from(joined.subarray(this.partSize));
          pending = rest.length > 0 ? [rest] : [];
          pendingBytes = rest.length;
          await sendPart(joined.subarray(0, this.partSize));
        }
      }

      const last = Buffer.concat(pending, pendingBytes);
      pending = [];
      if (uploadId === undefined) {
        await this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: last, ContentType: contentType }),
        );
        return { key, size };
      }
      if (last.length > 0) await sendPart(last);
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { key, size };
    } catch (error) {
      if (uploadId !== undefined) {
        // Best effort: the original error is what the caller needs; a bucket lifecycle rule for
        // incomplete uploads is the backstop if the abort itself fails.
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      body.destroy();
      throw error;
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(key, range);
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      if (!(result.Body instanceof Readable)) throw new Error('S3 GetObject returned no readable body');
      return result.Body;
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 404) throw new StorageNotFoundError(key);
      if (status === 416 && range) throw new StorageRangeError(key, range);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertValidKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: result.ContentLength ?? 0 };
    } catch (error) {
      if (httpStatusOf(error) === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the client's pooled connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }

  private async createUpload(key: string, contentType: string | undefined): Promise<string> {
    const created = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!created.UploadId) throw new Error('S3 CreateMultipartUpload returned no UploadId');
    return created.UploadId;
  }
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode;
}
