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
 * Writes a stream into an open file with few system calls and a bounded final fsync: chunks that
 * arrive while a write is in flight are written together (writev, up to a 1 MiB buffer, so an
 * oversized upload is refused within about a megabyte), the size
 * cap is checked as bytes come, and every 32 MiB an fdatasync runs in the background so the disk
 * writes while the network still sends (the fsync before publishing then has little left to do).
 */
class FileSink extends Writable {
  size = 0;
  private unsynced = 0;
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly handle: FileHandle,
    private readonly maxBytes: number | undefined,
  ) {
    super({ highWaterMark: 1024 * 1024 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll([chunk]).then(() => callback(), callback);
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ): void {
    this.writeAll(chunks.map((c) => c.chunk)).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    Promise.resolve(this.syncing).then(() => callback(), callback);
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    let bytes = 0;
    for (const b of buffers) bytes += b.length;
    this.size += bytes;
    if (this.maxBytes !== undefined && this.size > this.maxBytes)
      throw new PayloadTooLargeError(this.maxBytes);
    let pending = buffers;
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
