/**
 * Test support: a local stand-in for the Whisper model host (Hugging Face) on 127.0.0.1. Serves
 * registered byte arrays as `/ggml-<model>.bin`, in small chunks so progress is observable, with
 * HTTP Range support that can be switched off, and scripted faults: cut the connection after N
 * bytes, or answer a given status. No real model weights are involved.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export type FakeModelFile = {
  content: Uint8Array;
  /** Answer 200 with the whole file even when a Range is asked for. */
  ignoreRange?: boolean;
  /** Close the connection after sending this many body bytes (once per `dropTimes`). */
  dropAfterBytes?: number;
  dropTimes?: number;
  /** Delay between chunks, to make concurrent callers overlap. */
  chunkDelayMs?: number;
};

export type FakeModelRequest = { path: string; range: string | undefined; status: number };

export type FakeModelServer = {
  baseUrl: string;
  requests: FakeModelRequest[];
  serve(fileName: string, file: FakeModelFile): void;
  close(): Promise<void>;
};

const CHUNK = 16 * 1024;

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const files = new Map<string, FakeModelFile & { drops: number }>();
  const requests: FakeModelRequest[] = [];

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const file = files.get(path.replace(/^\//, ''));
    const range = req.headers.range;
    const log = (status: number) => requests.push({ path, range, status });
    if (!file || req.method !== 'GET') {
      log(404);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
      return;
    }
    const size = file.content.byteLength;
    let start = 0;
    let status = 200;
    const headers: Record<string, string> = {
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
    };
    const m = range && !file.ignoreRange ? /^bytes=(\d+)-$/.exec(range) : null;
    if (m) {
      start = Number(m[1]);
      if (start >= size) {
        log(416);
        res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
        return;
      }
      status = 206;
      headers['content-range'] = `bytes ${start}-${size - 1}/${size}`;
    }
    headers['content-length'] = String(size - start);
    log(status);
    res.writeHead(status, headers);
    const dropAt =
      file.dropAfterBytes !== undefined && file.drops < (file.dropTimes ?? 1)
        ? file.dropAfterBytes
        : undefined;
    if (dropAt !== undefined) file.drops++;
    void stream(res, file.content.subarray(start), dropAt, file.chunkDelayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    serve(fileName, file) {
      files.set(fileName, { ...file, drops: 0 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function stream(res: ServerResponse, body: Uint8Array, dropAt: number | undefined, delayMs: number) {
  for (let sent = 0; sent < body.byteLength;) {
    const end = Math.min(body.byteLength, sent + CHUNK, dropAt ?? Infinity);
    if (end <= sent) {
      // Flush what was written, then cut the connection mid-body.
      await new Promise<void>((resolve) => res.write('', () => resolve()));
      res.socket?.destroy();
      return;
    }
    const ok = res.write(body.subarray(sent, end));
    sent = end;
    if (!ok) await new Promise((resolve) => res.once('drain', resolve));
    if (delayMs > 0) await sleep(delayMs);
  }
  res.end();
}
