import { afterEach, describe, expect, it } from 'vitest';
import { readAll } from '../../test-support/ingest-storage-contract.js';
import {
  closeLastServer,
  closeTestServers,
  LOCAL,
  refusal,
  startServer,
} from '../../test-support/safe-fetch-servers.js';
import { safeDownload, UrlRefusedError } from './safe-fetch.js';

afterEach(closeTestServers);

describe('safeDownload: caps and upstream failures', () => {
  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': 10_000 });
      res.end(Buffer.alloc(10_000));
    });
    const error = await refusal(safeDownload(server.url, { ...LOCAL, maxBytes: 5000 }), 'TOO_LARGE');
    expect(error.userMessage).toBe('The file at this link is larger than the 5000 bytes limit.');
  });

  it('stops an undeclared body as soon as it passes the cap', async () => {
    let sent = 0;
    const server = await startServer((_req, res) => {
      res.writeHead(200);
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += 64 * 1024;
          if (!res.write(Buffer.alloc(64 * 1024, 1))) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
    });
    const result = await safeDownload(server.url, { ...LOCAL, maxBytes: 1024 * 1024 });
    const error = await readAll(result.stream).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UrlRefusedError);
    expect(error).toMatchObject({
      reason: 'TOO_LARGE',
      userMessage: 'The file at this link is larger than the 1 MB limit.',
    });
    expect(sent).toBeLessThan(10 * 1024 * 1024);
  });

  it('times out a server that never answers', async () => {
    const server = await startServer(() => undefined);
    const started = Date.now();
    await refusal(safeDownload(server.url, { ...LOCAL, timeoutMs: 300 }), 'TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out a body that trickles in past the total time cap', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': 1000 });
      res.write(Buffer.alloc(10, 1));
      const timer = setInterval(() => res.write(Buffer.alloc(1, 1)), 50);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const result = await safeDownload(server.url, { ...LOCAL, timeoutMs: 400 });
    const error = await readAll(result.stream).catch((e: unknown) => e);
    expect(error).toMatchObject({
      reason: 'TIMEOUT',
      userMessage: 'The download took too long and was stopped.',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses empty bodies, declared or not', async () => {
    const declared = await startServer((_req, res) => res.writeHead(200, { 'Content-Length': 0 }).end());
    const error = await refusal(safeDownload(declared.url, LOCAL), 'EMPTY');
    expect(error.userMessage).toBe('The file at this link is empty.');
    const chunked = await startServer((_req, res) => {
      res.writeHead(200, { 'Transfer-Encoding': 'chunked' });
      res.end();
    });
    await refusal(safeDownload(chunked.url, LOCAL), 'EMPTY');
  });

  it('refuses error statuses with the status in the message', async () => {
    const server = await startServer((req, res) =>
      res.writeHead(req.url === '/gone' ? 404 : 503).end('nope'),
    );
    const notFound = await refusal(safeDownload(`${server.url}/gone`, LOCAL), 'HTTP_STATUS');
    expect(notFound).toMatchObject({
      status: 404,
      userMessage: 'The server at this link answered with an error (HTTP 404).',
    });
    await refusal(safeDownload(`${server.url}/busy`, LOCAL), 'HTTP_STATUS');
    const noLocation = await startServer((_req, res) => res.writeHead(302).end());
    await refusal(safeDownload(noLocation.url, LOCAL), 'HTTP_STATUS');
  });

  it('reports unreachable servers and bodies cut short', async () => {
    const closed = await startServer(() => undefined);
    const port = closed.port;
    await closeLastServer();
    await refusal(safeDownload(`http://127.0.0.1:${port}/`, LOCAL), 'NETWORK');

    const cut = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': 100_000 });
      res.write(Buffer.alloc(5000, 1));
      setTimeout(() => res.destroy(), 30);
    });
    const result = await safeDownload(cut.url, LOCAL);
    await expect(readAll(result.stream)).rejects.toMatchObject({ reason: 'NETWORK' });
  });

  it('lets the caller abandon the download', async () => {
    let closed = false;
    const server = await startServer((_req, res) => {
      res.writeHead(200);
      res.write(Buffer.alloc(1000, 1));
      res.on('close', () => {
        closed = true;
      });
    });
    const result = await safeDownload(server.url, LOCAL);
    result.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(true);
  });

  it("stops at once when the caller's signal aborts, before the answer or mid-body", async () => {
    const gone = new Error('client gone');
    let closed = 0;
    const silent = await startServer((_req, res) => res.on('close', () => closed++));
    const waiting = new AbortController();
    const started = Date.now();
    const pending = safeDownload(silent.url, { ...LOCAL, signal: waiting.signal });
    setTimeout(() => waiting.abort(gone), 100);
    await expect(pending).rejects.toBe(gone);
    expect(Date.now() - started).toBeLessThan(2000);

    const trickle = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': 100_000 });
      res.write(Buffer.alloc(1000, 1));
      const timer = setInterval(() => res.write(Buffer.alloc(10, 1)), 50);
      res.on('close', () => {
        clearInterval(timer);
        closed++;
      });
    });
    const reading = new AbortController();
    const result = await safeDownload(trickle.url, { ...LOCAL, signal: reading.signal });
    setTimeout(() => reading.abort(gone), 100);
    await expect(readAll(result.stream)).rejects.toBe(gone);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(2);

    // Already aborted: nothing is fetched.
    await expect(safeDownload(trickle.url, { ...LOCAL, signal: AbortSignal.abort(gone) })).rejects.toBe(gone);
  });
});
