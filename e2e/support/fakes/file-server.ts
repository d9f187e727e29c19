/**
 * A web server hosting call recordings for URL imports: fixed files at fixed paths on 127.0.0.1
 * (random port), GET and HEAD only, 404 for anything else. The server refuses URL imports from
 * private addresses, so its `env` opens exactly this ip:port (URL_IMPORT_ALLOW_PRIVATE).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { Fake } from './fake.js';

export type FileServer = Fake & {
  /** The absolute URL of a served path, e.g. `url('/calls/roofing.wav')`. */
  url(pathname: string): string;
};

const CONTENT_TYPES: Record<string, string> = { '.wav': 'audio/wav', '.mp3': 'audio/mpeg' };

function contentTypeOf(file: string): string {
  const ext = /\.[^./]+$/.exec(file)?.[0]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** `files` maps a URL path (`/calls/roofing.wav`) to the file on disk it serves. */
export async function startFileServer(files: Record<string, string>): Promise<FileServer> {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const file = Object.hasOwn(files, pathname) ? files[pathname] : undefined;
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res
        .writeHead(file ? 405 : 404, { 'content-type': 'text/plain' })
        .end(file ? 'Method Not Allowed' : 'Not Found');
      return;
    }
    stat(file)
      .then(async ({ size }) => {
        res.writeHead(200, { 'content-type': contentTypeOf(file), 'content-length': size });
        if (req.method === 'HEAD') res.end();
        else await pipeline(createReadStream(file), res);
      })
      .catch(() => {
        if (!res.headersSent)
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Cannot read the file');
        else res.destroy();
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    name: 'file-server',
    env: { URL_IMPORT_ALLOW_PRIVATE: `127.0.0.1:${port}` },
    url: (pathname) => new URL(pathname, origin).href,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
