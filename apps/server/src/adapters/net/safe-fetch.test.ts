import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { readAll } from '../../test-support/ingest-storage-contract.js';
import type { AddressPolicy } from './address-policy.js';
import {
  audio,
  BASE,
  closeTestServers,
  listen,
  LOCAL,
  onlyPort,
  refusal,
  startServer,
  type TestServer,
} from '../../test-support/safe-fetch-servers.js';
import { safeDownload } from './safe-fetch.js';
import type { HostLookup } from './safe-fetch.js';

afterEach(closeTestServers);

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
