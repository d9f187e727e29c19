// Local-disk storage (the embedded default, `./data/audio`). Owns the on-disk layout: one file per
// key under the root folder. A put streams into a hidden temp file beside its target and is renamed
// into place only once complete, so readers never see a half-written object and a failed or
// oversized upload leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
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
    let size = 0;
    const maxBytes = opts.maxBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (maxBytes !== undefined && size > maxBytes) {
          callback(new PayloadTooLargeError(maxBytes));
          return;
        }
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(temp, { flags: 'wx' }));
      // Flush to disk before the rename publishes the file, so a crash cannot expose a truncated
      // object under its final name.
      const handle = await open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    return { key, size };
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

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
