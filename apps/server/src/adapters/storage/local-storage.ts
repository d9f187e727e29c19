// Local-disk storage (the embedded default, `./data/audio`). Owns the on-disk layout: one file per
// key under the root folder. A put streams into a hidden temp file beside its target and is renamed
// into place only once complete, so readers never see a half-written object and a failed or
// oversized upload leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidRange,
  InvalidStorageKeyError,
  PayloadTooLargeError,
  StorageNotFoundError,
  StorageRangeError,
} from './storage.js';
import type { ByteRange, PutOptions, StorageAdapter } from './storage.js';

export const DEFAULT_LOCAL_AUDIO_DIR = './data/audio';

export type LocalStorageOptions = { dir: string };

export class LocalStorage implements StorageAdapter {
  private readonly root: string;

  constructor(opts: LocalStorageOptions) {
    this.root = path.resolve(opts.dir);
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<{ key: string; size: number }> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Same folder as the target so the final rename is atomic (same file system); the leading dot
    // keeps it outside the key space (keys cannot start a segment with '.').
    const temp = path.join(path.dirname(target), `.tmp-${randomUUID()}`);
    const handle = await open(temp, 'wx');
    let closed = false;
    try {
      const sink = new FileSink(handle, opts.maxBytes);
      await pipeline(body, sink);
      // Flush to disk before the rename publishes the file, so a crash cannot expose a truncated
      // object under its final name. Most of it is on disk already (FileSink syncs as it goes).
      await handle.sync();
      await handle.close();
      closed = true;
      await rename(temp, target);
      return { key, size: sink.size };
    } catch (error) {
      if (!closed) await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async sweepTemporary(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile() && entry.name.startsWith('.tmp-')) {
          const info = await stat(full).catch(() => null);
          if (info && info.mtimeMs <= cutoff) {
            await unlink(full).catch(() => undefined);
            removed++;
          }
        }
      }
    };
    await walk(this.root);
    return removed;
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathFor(key);
    if (range) assertValidRange(key, range);
    const info = await this.stat(key);
    if (!info) throw new StorageNotFoundError(key);
    if (!range) return createReadStream(file);
    if (range.start >= info.size) throw new StorageRangeError(key, range, info.size);
    const end = Math.min(range.end ?? info.size - 1, info.size - 1);
    return createReadStream(file, { start: range.start, end });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathFor(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathFor(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  private pathFor(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(this.root, ...key.split('/'));
    // Belt and braces: the key rules already exclude traversal, this guards against future edits.
    if (!resolved.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return resolved;
  }
}

/** Bytes written between two background flushes to disk. */
const SYNC_EVERY_BYTES = 32 * 1024 * 1024;

/**
 * Bytes gathered before one write to the file. A socket hands over 64 KiB at a time; writing each
 * piece on its own costs a trip to libuv's thread pool per piece (some 3,200 for 200 MB), which on a
 * small machine takes CPU from the network. Gathering 4 MiB makes it about 50 writes; 16 MiB was
 * slower again in `bench/ingest` (ADR 048).
 */
const WRITE_EVERY_BYTES = 4 * 1024 * 1024;

/**
 * Writes a stream into an open file with few system calls and a bounded final fsync. Chunks are
 * gathered up to WRITE_EVERY_BYTES and written together (one writev) while the next ones gather,
 * so at most two batches (8 MiB) are held; the size cap is checked as bytes come, before any of
 * them is written; and every 32 MiB an fdatasync runs in the background so the disk writes while
 * the network still sends (the fsync before publishing then has little left to do).
 */
class FileSink extends Writable {
  size = 0;
  private unsynced = 0;
  private syncing: Promise<void> | undefined;
  private gathered: Buffer[] = [];
  private gatheredBytes = 0;
  /** The batch being written, if any; a new batch waits for it (backpressure). */
  private writing: Promise<void> | undefined;

  constructor(
    private readonly handle: FileHandle,
    private readonly maxBytes: number | undefined,
  ) {
    super({ highWaterMark: 1024 * 1024 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.take([chunk], callback);
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ): void {
    this.take(
      chunks.map((c) => c.chunk),
      callback,
    );
  }

  override _final(callback: (error?: Error | null) => void): void {
    const finish = async () => {
      await this.writing;
      if (this.gatheredBytes > 0) await this.writeGathered();
      await this.syncing;
    };
    finish().then(() => callback(), callback);
  }

  private take(buffers: Buffer[], callback: (error?: Error | null) => void): void {
    for (const b of buffers) {
      this.gathered.push(b);
      this.gatheredBytes += b.length;
      this.size += b.length;
    }
    if (this.maxBytes !== undefined && this.size > this.maxBytes) {
      callback(new PayloadTooLargeError(this.maxBytes));
      return;
    }
    if (this.gatheredBytes < WRITE_EVERY_BYTES) {
      callback();
      return;
    }
    const start = () => {
      this.writing = this.writeGathered();
      // A failure reaches the stream through the next batch or _final, which await it.
      this.writing.catch(() => undefined);
      callback();
    };
    if (this.writing) this.writing.then(start, callback);
    else start();
  }

  private async writeGathered(): Promise<void> {
    const bytes = this.gatheredBytes;
    // writev takes at most IOV_MAX (1024) buffers at once.
    let pending = this.gathered.length > 1024 ? [Buffer.concat(this.gathered)] : this.gathered;
    this.gathered = [];
    this.gatheredBytes = 0;
    let left = bytes;
    while (left > 0) {
      const { bytesWritten } = await this.handle.writev(pending);
      left -= bytesWritten;
      if (left > 0) pending = [Buffer.concat(pending).subarray(bytesWritten)];
    }
    this.unsynced += bytes;
    if (this.unsynced >= SYNC_EVERY_BYTES && !this.syncing) {
      this.unsynced = 0;
      this.syncing = this.handle.datasync().finally(() => {
        this.syncing = undefined;
      });
      // Awaited in _final; a failure here also fails the final fsync.
      this.syncing.catch(() => undefined);
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
