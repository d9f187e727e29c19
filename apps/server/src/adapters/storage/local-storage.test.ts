import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { describeStorageContract, lazyBody, readAll } from '../../test-support/ingest-storage-contract.js';
import { createStorage } from './create-storage.js';
import { LocalStorage } from './local-storage.js';
import { PayloadTooLargeError } from './storage.js';

async function listFiles(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(root, full) : Promise.resolve([path.relative(root, full)]);
    }),
  );
  return nested.flat().sort();
}

async function tempDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'ingest-local-storage-'));
}

describeStorageContract('local disk', async () => {
  const dir = await tempDir();
  const storage = new LocalStorage({ dir });
  const isTemp = (file: string) => path.basename(file).startsWith('.tmp-');
  return {
    storage,
    keys: async () =>
      (await listFiles(dir)).filter((f) => !isTemp(f)).map((f) => f.split(path.sep).join('/')),
    leftovers: async () => (await listFiles(dir)).filter(isTemp),
    teardown: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('LocalStorage specifics', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('writes into a temp file beside the target and publishes it only when complete', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const storage = new LocalStorage({ dir });
    let seenDuringUpload: string[] = [];
    async function* body(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(64 * 1024, 1);
      // Mid-upload: the object must not be visible under its key yet.
      seenDuringUpload = await listFiles(dir);
      expect(await storage.stat('calls/one.wav')).toBeNull();
      yield Buffer.alloc(64 * 1024, 2);
    }
    await storage.put('calls/one.wav', Readable.from(body(), { objectMode: false }));
    expect(seenDuringUpload).toHaveLength(1);
    expect(seenDuringUpload[0]).toMatch(/^calls\/\.tmp-[0-9a-f-]+$/);
    expect(await listFiles(dir)).toEqual(['calls/one.wav']);
  });

  it('sweeps temporary files older than the threshold and leaves newer ones and real files', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const storage = new LocalStorage({ dir });
    await storage.put('org/kept.wav', Readable.from([Buffer.from('RIFF')]));
    await mkdir(path.join(dir, 'org', 'deep'), { recursive: true });
    const old = path.join(dir, 'org', 'deep', '.tmp-old');
    const fresh = path.join(dir, 'org', '.tmp-fresh');
    await writeFile(old, 'half');
    await writeFile(fresh, 'in progress');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);

    expect(await storage.sweepTemporary(3600_000)).toBe(1);
    expect((await listFiles(dir)).sort()).toEqual(['org/.tmp-fresh', 'org/kept.wav']);
    expect(await new LocalStorage({ dir: path.join(dir, 'missing') }).sweepTemporary(0)).toBe(0);
  });

  it('keeps files inside its root even when the root is given relative', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const relative = path.relative(process.cwd(), dir);
    const storage = createStorage({ kind: 'local', dir: relative });
    await storage.put('a/b.wav', Readable.from([Buffer.from('ok')]));
    expect(await listFiles(dir)).toEqual(['a/b.wav']);
  });

  it('does not follow a key into a file that sits where a folder should be', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    await writeFile(path.join(dir, 'blocker'), 'file');
    const storage = new LocalStorage({ dir });
    expect(await storage.stat('blocker/child.wav')).toBeNull();
    await expect(storage.put('blocker/child.wav', Readable.from([Buffer.from('x')]))).rejects.toThrow();
    expect(await listFiles(dir)).toEqual(['blocker']);
  });

  it('reports the limit in the user message', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const storage = new LocalStorage({ dir });
    const error = await storage
      .put('x.wav', lazyBody(3 * 1024 * 1024).stream, { maxBytes: 2 * 1024 * 1024 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect((error as PayloadTooLargeError).userMessage).toBe('The file is larger than the 2 MB limit.');
    expect((error as PayloadTooLargeError).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('writes a body of many small chunks intact, in order (more per write than one writev takes)', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const storage = new LocalStorage({ dir });
    // 1,000-byte chunks: a 4 MiB batch gathers over 4,000 of them, past writev's 1,024 buffers.
    const total = 9 * 1024 * 1024 + 777;
    const body = lazyBody(total, { chunkBytes: 1000 });
    expect(await storage.put('small-chunks.wav', body.stream)).toEqual({
      key: 'small-chunks.wav',
      size: total,
    });
    const stored = await readAll(await storage.getStream('small-chunks.wav'));
    expect(stored.length).toBe(total);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(body.sha256());
  });

  it('reads back what was written, byte for byte', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const storage = new LocalStorage({ dir });
    const body = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
    await storage.put('bytes.bin', Readable.from([body.subarray(0, 100), body.subarray(100)]));
    expect(await readAll(await storage.getStream('bytes.bin', { start: 250 }))).toEqual(body.subarray(250));
  });
});
