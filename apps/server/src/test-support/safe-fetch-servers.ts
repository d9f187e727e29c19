// Test support for the SSRF-safe download: real HTTP(S) servers on 127.0.0.1 that record what
// reached them, the options the tests start from, and the refusal assertion.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type https from 'node:https';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { AddressPolicy } from '../adapters/net/address-policy.js';
import { UrlRefusedError } from '../adapters/net/safe-fetch.js';
import type { SafeDownloadOptions, UrlRefusalCode } from '../adapters/net/safe-fetch.js';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export type TestServer = {
  port: number;
  url: string;
  hits: { url: string; host?: string; servername?: string }[];
};

const servers: (http.Server | https.Server)[] = [];

export async function listen(
  server: http.Server | https.Server,
  scheme: 'http' | 'https',
): Promise<TestServer> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, url: `${scheme}://127.0.0.1:${port}`, hits: [] };
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const hits: TestServer['hits'] = [];
  const server = http.createServer((req, res) => {
    hits.push({ url: req.url ?? '', host: req.headers.host });
    handler(req, res);
  });
  const started = await listen(server, 'http');
  return { ...started, hits };
}

/** Stops the server started last, so its port is known to refuse connections. */
export async function closeLastServer(): Promise<void> {
  await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
}

/** Closes every server started since the last call; each test file runs it after each test. */
export async function closeTestServers(): Promise<void> {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
}

export const BASE: SafeDownloadOptions = { maxBytes: 1024 * 1024, timeoutMs: 5000 };
export const LOCAL: SafeDownloadOptions = { ...BASE, allowPrivate: true };

export async function refusal(promise: Promise<unknown>, code: UrlRefusalCode): Promise<UrlRefusedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UrlRefusedError);
  expect((error as UrlRefusedError).reason).toBe(code);
  return error as UrlRefusedError;
}

/** Allows exactly one port on 127.0.0.1: the test's first hop, nothing else. */
export function onlyPort(port: number): AddressPolicy {
  return (target) => target.address === '127.0.0.1' && target.port === port;
}

export const audio = Buffer.concat([
  Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'),
  Buffer.alloc(5000, 7),
]);
