// The StorageAdapter contract as a reusable vitest suite: every implementation (local disk, S3)
// runs the same cases, so they stay interchangeable. Each case gets a fresh, empty store from the
// harness; `leftovers` lists anything an implementation keeps besides committed objects (temp
// files, unfinished multipart uploads) so "nothing half-written" is checked, not assumed.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  InvalidStorageKeyError,
  PayloadTooLargeError,
  StorageNotFoundError,
  StorageRangeError,
} from '../adapters/storage/storage.js';
import type { StorageAdapter } from '../adapters/storage/storage.js';

export type StorageHarness = {
  storage: StorageAdapter;
  /** Committed object keys, sorted. */
  keys(): Promise<string[]>;
  /** Anything besides committed objects: temp files, open multipart uploads. */
  leftovers(): Promise<string[]>;
  teardown(): Promise<void>;
};

const MiB = 1024 * 1024;

/** A body produced on demand, chunk by chunk, with a running hash of what it produced. */
export function lazyBody(
  totalBytes: number,
  opts: { chunkBytes?: number; failAfterBytes?: number; onChunk?: () => void } = {},
): { stream: Readable; produced: () => number; sha256: () => string } {
  const chunkBytes = opts.chunkBytes ?? 64 * 1024;
  const hash = createHash('sha256');
  let produced = 0;
  async function* generate(): AsyncGenerator<Buffer> {
    let index = 0;
    while (produced < totalBytes) {
      if (opts.failAfterBytes !== undefined && produced >= opts.failAfterBytes) {
        throw new Error('client went away');
      }
      const size = Math.min(chunkBytes, totalBytes - produced);
      // A fresh buffer per chunk, varied by position, so reordering or reuse would be caught.
      const chunk = Buffer.allocUnsafe(size);
      const stamp = Buffer.alloc(4);
      stamp.writeUInt32LE((index++ * 2654435761) >>> 0);
      chunk.fill(stamp);
      produced += size;
      hash.update(chunk);
      opts.onChunk?.();
      yield chunk;
    }
  }
  return {
    stream: Readable.from(generate(), { objectMode: false }),
    produced: () => produced,
    sha256: () => hash.digest('hex'),
  };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

export function describeStorageContract(name: string, createHarness: () => Promise<StorageHarness>): void {
  describe(`StorageAdapter contract: ${name}`, () => {
    let h: StorageHarness;
    beforeEach(async () => {
      h = await createHarness();
    });
    afterEach(async () => {
      await h.teardown();
    });

    it('stores a body and reads it back with its size', async () => {
      const body = Buffer.from('RIFF....WAVEfmt hello audio');
      const result = await h.storage.put('rec-1.wav', Readable.from([body]), { contentType: 'audio/wav' });
      expect(result).toEqual({ key: 'rec-1.wav', size: body.length });
      expect(await h.storage.stat('rec-1.wav')).toEqual({ size: body.length });
      expect(await readAll(await h.storage.getStream('rec-1.wav'))).toEqual(body);
      expect(await h.keys()).toEqual(['rec-1.wav']);
    });

    it('accepts nested keys', async () => {
      await h.storage.put('org-1/recordings/2024/abc_DEF-9.mp3', Readable.from([Buffer.from('x')]));
      expect(await h.storage.stat('org-1/recordings/2024/abc_DEF-9.mp3')).toEqual({ size: 1 });
      expect(await h.storage.stat('org-1/recordings')).toBeNull();
    });

    it('stores an empty body', async () => {
      expect(await h.storage.put('empty.bin', Readable.from([]))).toEqual({ key: 'empty.bin', size: 0 });
      expect(await h.storage.stat('empty.bin')).toEqual({ size: 0 });
      expect((await readAll(await h.storage.getStream('empty.bin'))).length).toBe(0);
    });

    it('streams a large body of unknown length intact', async () => {
      const total = 20 * MiB + 12_345;
      const body = lazyBody(total);
      expect(await h.storage.put('big.wav', body.stream)).toEqual({ key: 'big.wav', size: total });
      expect(await h.storage.stat('big.wav')).toEqual({ size: total });
      expect(await sha256Of(await h.storage.getStream('big.wav'))).toEqual({
        sha256: body.sha256(),
        size: total,
      });
      expect(await h.leftovers()).toEqual([]);
    });

    it('replaces an existing object', async () => {
      await h.storage.put('same.wav', Readable.from([Buffer.from('first version')]));
      await h.storage.put('same.wav', Readable.from([Buffer.from('second')]));
      expect((await readAll(await h.storage.getStream('same.wav'))).toString()).toBe('second');
      expect(await h.storage.stat('same.wav')).toEqual({ size: 6 });
    });

    it('serves byte ranges with inclusive ends, clamped to the object', async () => {
      const body = Buffer.from('0123456789abcdefghij');
      await h.storage.put('r.bin', Readable.from([body]));
      const read = async (start: number, end?: number) =>
        (await readAll(await h.storage.getStream('r.bin', { start, end }))).toString();
      expect(await read(0, 9)).toBe('0123456789');
      expect(await read(5)).toBe('56789abcdefghij');
      expect(await read(19, 19)).toBe('j');
      expect(await read(17, 500)).toBe('hij');
    });

    it('refuses unsatisfiable or malformed ranges', async () => {
      await h.storage.put('r.bin', Readable.from([Buffer.from('0123456789')]));
      await expect(h.storage.getStream('r.bin', { start: 10 })).rejects.toBeInstanceOf(StorageRangeError);
      await expect(h.storage.getStream('r.bin', { start: 50, end: 60 })).rejects.toBeInstanceOf(
        StorageRangeError,
      );
      await expect(h.storage.getStream('r.bin', { start: -1 })).rejects.toBeInstanceOf(StorageRangeError);
      await expect(h.storage.getStream('r.bin', { start: 5, end: 2 })).rejects.toBeInstanceOf(
        StorageRangeError,
      );
      await expect(h.storage.getStream('r.bin', { start: 1.5 })).rejects.toBeInstanceOf(StorageRangeError);
    });

    it('reports missing objects', async () => {
      expect(await h.storage.stat('nope.wav')).toBeNull();
      await expect(h.storage.getStream('nope.wav')).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(h.storage.getStream('nope.wav', { start: 0 })).rejects.toBeInstanceOf(
        StorageNotFoundError,
      );
      await expect(h.storage.delete('nope.wav')).resolves.toBeUndefined();
    });

    it('deletes objects', async () => {
      await h.storage.put('gone.wav', Readable.from([Buffer.from('bye')]));
      await h.storage.delete('gone.wav');
      expect(await h.storage.stat('gone.wav')).toBeNull();
      expect(await h.keys()).toEqual([]);
    });

    it('accepts a body of exactly maxBytes', async () => {
      const body = lazyBody(1000, { chunkBytes: 100 });
      expect(await h.storage.put('exact.bin', body.stream, { maxBytes: 1000 })).toEqual({
        key: 'exact.bin',
        size: 1000,
      });
    });

    it('refuses a small body over maxBytes and keeps nothing', async () => {
      const body = lazyBody(1001, { chunkBytes: 100 });
      const error = await h.storage.put('over.bin', body.stream, { maxBytes: 1000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayloadTooLargeError);
      expect((error as PayloadTooLargeError).maxBytes).toBe(1000);
      expect(await h.storage.stat('over.bin')).toBeNull();
      expect(await h.keys()).toEqual([]);
      expect(await h.leftovers()).toEqual([]);
    });

    it('stops reading a large body as soon as it passes maxBytes and keeps nothing', async () => {
      const maxBytes = 9 * MiB;
      const body = lazyBody(60 * MiB);
      const error = await h.storage.put('huge.wav', body.stream, { maxBytes }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayloadTooLargeError);
      // The source was not drained: reading stopped right after the limit.
      expect(body.produced()).toBeLessThan(maxBytes + 2 * MiB);
      expect(body.stream.destroyed).toBe(true);
      expect(await h.storage.stat('huge.wav')).toBeNull();
      expect(await h.keys()).toEqual([]);
      expect(await h.leftovers()).toEqual([]);
    });

    it('keeps the previous object when a replacement is refused', async () => {
      await h.storage.put('keep.wav', Readable.from([Buffer.from('original')]));
      await expect(
        h.storage.put('keep.wav', lazyBody(5000).stream, { maxBytes: 4000 }),
      ).rejects.toBeInstanceOf(PayloadTooLargeError);
      expect((await readAll(await h.storage.getStream('keep.wav'))).toString()).toBe('original');
    });

    it('keeps nothing when the body fails mid-way (client disconnect)', async () => {
      for (const [key, total, failAt] of [
        ['small-fail.wav', 1 * MiB, 512 * 1024],
        ['large-fail.wav', 30 * MiB, 17 * MiB],
      ] as const) {
        const body = lazyBody(total, { failAfterBytes: failAt });
        await expect(h.storage.put(key, body.stream)).rejects.toThrow('client went away');
        expect(await h.storage.stat(key)).toBeNull();
      }
      expect(await h.keys()).toEqual([]);
      expect(await h.leftovers()).toEqual([]);
    });

    it('refuses keys that could escape the store', async () => {
      const bad = [
        '',
        '../x.wav',
        'a/../../x.wav',
        '/etc/passwd',
        'a//b',
        'a/./b',
        '.hidden',
        'a\\b',
        'a/b/',
        'nul\0.wav',
        '..',
      ];
      for (const key of bad) {
        await expect(h.storage.put(key, Readable.from([Buffer.from('x')])), key).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
        await expect(h.storage.stat(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(h.storage.getStream(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(h.storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      expect(await h.keys()).toEqual([]);
    });

    it('never holds a whole large upload in memory', async () => {
      const total = 256 * MiB;
      const baseline = process.memoryUsage().arrayBuffers;
      let peak = baseline;
      // Sampled as each chunk is produced: a timer could starve if an adapter never yielded.
      const body = lazyBody(total, {
        onChunk: () => {
          peak = Math.max(peak, process.memoryUsage().arrayBuffers);
        },
      });
      expect(await h.storage.put('stream.wav', body.stream, { maxBytes: 300 * MiB })).toEqual({
        key: 'stream.wav',
        size: total,
      });
      // Generous bound (one 8 MiB part plus garbage awaiting collection), far below the body size.
      expect(peak - baseline).toBeLessThan(96 * MiB);
      expect(await h.storage.stat('stream.wav')).toEqual({ size: total });
    });
  });
}
