import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { readAll } from '../../test-support/ingest-storage-contract.js';
import type { AddressPolicy } from './address-policy.js';
import { safeDownload, UrlRefusedError } from './safe-fetch.js';
import type { HostLookup, SafeDownloadOptions, UrlRefusalCode } from './safe-fetch.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type TestServer = { port: number; url: string; hits: { url: string; host?: string; servername?: string }[] };

const servers: (http.Server | https.Server)[] = [];

async function listen(server: http.Server | https.Server, scheme: 'http' | 'https'): Promise<TestServer> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, url: `${scheme}://127.0.0.1:${port}`, hits: [] };
}

async function startServer(handler: Handler): Promise<TestServer> {
  const hits: TestServer['hits'] = [];
  const server = http.createServer((req, res) => {
    hits.push({ url: req.url ?? '', host: req.headers.host });
    handler(req, res);
  });
  const started = await listen(server, 'http');
  return { ...started, hits };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

const BASE: SafeDownloadOptions = { maxBytes: 1024 * 1024, timeoutMs: 5000 };
const LOCAL: SafeDownloadOptions = { ...BASE, allowPrivate: true };

async function refusal(promise: Promise<unknown>, code: UrlRefusalCode): Promise<UrlRefusedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UrlRefusedError);
  expect((error as UrlRefusedError).code).toBe(code);
  return error as UrlRefusedError;
}

/** Allows exactly one port on 127.0.0.1: the test's first hop, nothing else. */
function onlyPort(port: number): AddressPolicy {
  return (target) => target.address === '127.0.0.1' && target.port === port;
}

const audio = Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(5000, 7)]);

describe('safeDownload: successful downloads', () => {
  it('streams the body with its type, length and final URL', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': audio.length });
      res.end(audio);
    });
    const result = await safeDownload(`${server.url}/call.wav`, LOCAL);
    expect(result).toMatchObject({
      contentType: 'audio/wav',
      contentLength: audio.length,
      finalUrl: `${server.url}/call.wav`,
    });
    expect(await readAll(result.stream)).toEqual(audio);
  });

  it('streams a chunked body with no length', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
      res.write(audio.subarray(0, 100));
      setTimeout(() => res.end(audio.subarray(100)), 20);
    });
    const result = await safeDownload(server.url, LOCAL);
    expect(result.contentLength).toBeUndefined();
    expect(await readAll(result.stream)).toEqual(audio);
  });

  it('follows relative and absolute redirects and reports the final URL', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/a') res.writeHead(301, { Location: '/b' }).end();
      else if (req.url === '/b')
        res.writeHead(302, { Location: `http://127.0.0.1:${req.socket.localPort ?? 0}/c` }).end();
      else if (req.url === '/c') res.writeHead(307, { Location: 'd?x=1' }).end();
      else res.writeHead(200).end(audio);
    });
    const result = await safeDownload(`${server.url}/a`, LOCAL);
    expect(result.finalUrl).toBe(`${server.url}/d?x=1`);
    expect(server.hits.map((h) => h.url)).toEqual(['/a', '/b', '/c', '/d?x=1']);
    expect((await readAll(result.stream)).length).toBe(audio.length);
  });

  it('connects to the address it checked, keeping the Host header (no DNS rebinding)', async () => {
    const server = await startServer((_req, res) => res.writeHead(200).end(audio));
    let lookups = 0;
    // A rebinding resolver: the first answer passes the policy, later ones would point elsewhere.
    const lookup: HostLookup = async () => {
      lookups++;
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }];
    };
    const seen: string[] = [];
    const policy: AddressPolicy = (t) => {
      seen.push(`${t.hostname}→${t.address}:${t.port}`);
      return t.address === '127.0.0.1' && t.port === server.port;
    };
    const result = await safeDownload(`http://recordings.example:${server.port}/x.wav`, {
      ...BASE,
      lookup,
      addressPolicy: policy,
    });
    await readAll(result.stream);
    expect(lookups).toBe(1);
    expect(seen).toEqual([`recordings.example→127.0.0.1:${server.port}`]);
    expect(server.hits[0]?.host).toBe(`recordings.example:${server.port}`);
  });

  it('keeps the TLS server name and verifies the certificate against the host name', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ingest-tls-'));
    try {
      await promisify(execFile)('openssl', [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=secure.example',
        '-addext',
        'subjectAltName=DNS:secure.example',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ]);
      const [key, cert] = await Promise.all([
        readFile(path.join(dir, 'key.pem')),
        readFile(path.join(dir, 'cert.pem')),
      ]);
      const hits: TestServer['hits'] = [];
      const server = https.createServer({ key, cert }, (req, res) => {
        hits.push({
          url: req.url ?? '',
          host: req.headers.host,
          servername: (req.socket as TLSSocket).servername || undefined,
        });
        res.writeHead(200, { 'Content-Type': 'audio/ogg' }).end(audio);
      });
      const { port } = await listen(server, 'https');
      const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
      const opts = { ...BASE, lookup, addressPolicy: onlyPort(port), ca: cert };
      const result = await safeDownload(`https://secure.example:${port}/call.ogg`, opts);
      expect(await readAll(result.stream)).toEqual(audio);
      expect(hits).toEqual([
        { url: '/call.ogg', host: `secure.example:${port}`, servername: 'secure.example' },
      ]);
      // The same pinned address under another name fails certificate verification.
      await refusal(safeDownload(`https://other.example:${port}/call.ogg`, opts), 'NETWORK');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('safeDownload: refused destinations', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/recording.wav',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.1.10/',
    'http://172.20.0.5/',
    'http://100.64.1.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fe80::1]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://127.1/',
    'https://127.0.0.1/',
  ])('refuses %s with PRIVATE_ADDRESS', async (url) => {
    const error = await refusal(safeDownload(url, BASE), 'PRIVATE_ADDRESS');
    expect(error.userMessage).toBe(
      'This URL points to a private or local network address, which is not allowed.',
    );
  });

  it('refuses a host name that resolves to loopback (localhost), even with a server listening', async () => {
    const server = await startServer((_req, res) => res.writeHead(200).end(audio));
    await refusal(safeDownload('http://localhost/', BASE), 'PRIVATE_ADDRESS');
    await refusal(safeDownload(`http://localhost:${server.port}/`, BASE), 'PRIVATE_ADDRESS');
    expect(server.hits).toEqual([]);
  });

  it('refuses a host when any of its addresses is private', async () => {
    const lookup: HostLookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const error = await refusal(
      safeDownload('http://mixed.example/a.wav', { ...BASE, lookup }),
      'PRIVATE_ADDRESS',
    );
    expect(error.detail).toContain('10.0.0.7');
  });

  it.each([
    ['file:///etc/passwd'],
    ['ftp://example.com/call.wav'],
    ['data:audio/wav;base64,UklGRg=='],
    ['javascript:alert(1)'],
    ['gopher://example.com/'],
    ['ws://example.com/'],
  ])('refuses the scheme of %s', async (url) => {
    const error = await refusal(safeDownload(url, BASE), 'SCHEME');
    expect(error.userMessage).toBe('Only http:// and https:// links can be imported.');
  });

  it('refuses malformed URLs and URLs with credentials', async () => {
    await refusal(safeDownload('not a url', BASE), 'INVALID_URL');
    const error = await refusal(safeDownload('https://user:secret@example.com/a.wav', BASE), 'INVALID_URL');
    expect(error.userMessage).toBe('Links that contain a user name or password are not supported.');
    expect(error.message).not.toContain('secret');
  });

  it('refuses a redirect to another local port', async () => {
    const target = await startServer((_req, res) => res.writeHead(200).end(audio));
    const first = await startServer((_req, res) =>
      res.writeHead(302, { Location: `${target.url}/internal` }).end(),
    );
    await refusal(
      safeDownload(`${first.url}/start`, { ...BASE, addressPolicy: onlyPort(first.port) }),
      'PRIVATE_ADDRESS',
    );
    expect(first.hits).toHaveLength(1);
    expect(target.hits).toEqual([]);
  });

  it.each([
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', 'PRIVATE_ADDRESS'],
    ['IPv6 loopback', 'http://[::1]:9/', 'PRIVATE_ADDRESS'],
    ['localhost by name', 'http://localhost/', 'PRIVATE_ADDRESS'],
    ['a private network', 'http://10.0.0.1/', 'PRIVATE_ADDRESS'],
    ['a file', 'file:///etc/passwd', 'SCHEME'],
  ] as const)('refuses a redirect to %s', async (_name, location, code) => {
    const first = await startServer((_req, res) => res.writeHead(301, { Location: location }).end());
    await refusal(safeDownload(first.url, { ...BASE, addressPolicy: onlyPort(first.port) }), code);
  });

  it('refuses long redirect chains', async () => {
    const server = await startServer((req, res) => {
      const n = Number(req.url?.slice(1) ?? 0);
      res.writeHead(302, { Location: `/${n + 1}` }).end();
    });
    await refusal(safeDownload(`${server.url}/0`, LOCAL), 'TOO_MANY_REDIRECTS');
    expect(server.hits).toHaveLength(6); // the first request and 5 redirects
    await refusal(safeDownload(`${server.url}/0`, { ...LOCAL, maxRedirects: 1 }), 'TOO_MANY_REDIRECTS');
  });

  it('reports names that do not resolve', async () => {
    const notFound: HostLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    await refusal(safeDownload('https://nowhere.example/a.wav', { ...BASE, lookup: notFound }), 'DNS');
    await refusal(safeDownload('https://empty.example/a.wav', { ...BASE, lookup: async () => [] }), 'DNS');
  });
});

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
      code: 'TOO_LARGE',
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
      code: 'TIMEOUT',
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
    await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
    await refusal(safeDownload(`http://127.0.0.1:${port}/`, LOCAL), 'NETWORK');

    const cut = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': 100_000 });
      res.write(Buffer.alloc(5000, 1));
      setTimeout(() => res.destroy(), 30);
    });
    const result = await safeDownload(cut.url, LOCAL);
    await expect(readAll(result.stream)).rejects.toMatchObject({ code: 'NETWORK' });
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
});
