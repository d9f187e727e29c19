// The storage port: where recording audio lives (local disk by default, an S3-compatible bucket in
// production). Owns the adapter type, the key rules every implementation enforces, and the typed
// errors callers map to HTTP statuses (codes match the AppError table: PAYLOAD_TOO_LARGE → 413,
// NOT_FOUND → 404, RANGE_NOT_SATISFIABLE → 416; an invalid key is a server bug → 500).
import { DomainError } from '../../errors.js';
import type { Readable } from 'node:stream';

export type PutOptions = {
  contentType?: string;
  /** The body is refused (and nothing is kept) as soon as it exceeds this many bytes. */
  maxBytes?: number;
};

/** Byte range with HTTP semantics: both ends inclusive; `end` past the object is clamped. */
export type ByteRange = { start: number; end?: number };

export type StorageAdapter = {
  put(key: string, body: Readable, opts?: PutOptions): Promise<{ key: string; size: number }>;
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  /**
   * Removes temporary files of puts that never finished (the process was killed mid-upload), when
   * older than `olderThanMs` (so another process's upload in progress is left alone). Returns how
   * many went. Stores without temporary files do not implement it.
   */
  sweepTemporary?(olderThanMs: number): Promise<number>;
};

export class PayloadTooLargeError extends DomainError {
  constructor(readonly maxBytes: number) {
    super('PAYLOAD_TOO_LARGE', 'The file is larger than the {limit} limit.', {
      params: { limit: formatBytes(maxBytes) },
      detail: `Body exceeds the limit of ${maxBytes} bytes`,
    });
    this.name = 'PayloadTooLargeError';
  }
}

/** A key we built ourselves is malformed: a bug on our side, never the user's input. */
export class InvalidStorageKeyError extends DomainError {
  readonly reason = 'INVALID_STORAGE_KEY';
  constructor(readonly key: string) {
    super('INTERNAL', 'The file could not be stored.', {
      detail: `Invalid storage key: ${JSON.stringify(key)}`,
    });
    this.name = 'InvalidStorageKeyError';
  }
}

export class StorageNotFoundError extends DomainError {
  constructor(readonly key: string) {
    super('NOT_FOUND', 'The audio file was not found.', {
      detail: `No stored object under key ${JSON.stringify(key)}`,
    });
    this.name = 'StorageNotFoundError';
  }
}

export class StorageRangeError extends DomainError {
  constructor(
    readonly key: string,
    readonly range: ByteRange,
    readonly size?: number,
  ) {
    super('RANGE_NOT_SATISFIABLE', 'The requested byte range is not available.', {
      detail: `Range ${range.start}-${range.end ?? ''} not satisfiable for ${JSON.stringify(key)}`,
    });
    this.name = 'StorageRangeError';
  }
}

// One segment: starts with an alphanumeric so ".", "..", hidden files and our own ".tmp-" files
// can never be named by a key; the character set is also safe as an S3 key without encoding games.
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/** Throws InvalidStorageKeyError unless `key` is a relative, slash-separated, traversal-free path. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new InvalidStorageKeyError(String(key));
  }
  for (const segment of key.split('/')) {
    if (!KEY_SEGMENT.test(segment)) throw new InvalidStorageKeyError(key);
  }
}

/** Validates a range before any I/O so both adapters reject the same inputs the same way. */
export function assertValidRange(key: string, range: ByteRange): void {
  const { start, end } = range;
  const badStart = !Number.isSafeInteger(start) || start < 0;
  const badEnd = end !== undefined && (!Number.isSafeInteger(end) || end < start);
  if (badStart || badEnd) throw new StorageRangeError(key, range);
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  if (kb >= 1) return `${Number.isInteger(kb) ? kb : kb.toFixed(1)} KB`;
  return `${bytes} bytes`;
}
