/**
 * Test support: the plumbing shared by the fake speech-to-text vendors: a real HTTP server on
 * 127.0.0.1 (random port), scripted misbehaviour (fail the next N requests with a status, hang,
 * answer garbage), a request log, and clean shutdown even with hanging requests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Misbehaviour =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'malformed'; body: string };

export type FakeHttpHandler = (
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
) => Promise<void> | void;

export type FakeHttpServer = {
  baseUrl: string;
  /** The next `times` requests get this instead of a real answer. */
  misbehave(times: number, how: Misbehaviour): void;
  /** Forgets scripted misbehaviour no request has used yet. */
  behave(): void;
  /** Requests seen so far, misbehaved ones included. */
  readonly hits: number;
  close(): Promise<void>;
};

export async function startFakeHttpServer(handler: FakeHttpHandler): Promise<FakeHttpServer> {
  const script: Misbehaviour[] = [];
  let hits = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits++;
      const trick = script.shift();
      if (trick?.kind === 'hang') return;
      if (trick?.kind === 'status') {
        sendJson(
          res,
          trick.status,
          trick.body ?? { error: { message: `scripted HTTP ${trick.status}` } },
          trick.headers,
        );
        return;
      }
      if (trick?.kind === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(trick.body);
        return;
      }
      Promise.resolve(handler(req, Buffer.concat(chunks), res)).catch((e: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: `fake server bug: ${String(e)}` } });
        else res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    misbehave(times, how) {
      for (let i = 0; i < times; i++) script.push(how);
    },
    behave() {
      script.length = 0;
    },
    get hits() {
      return hits;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** Lets the Web `Request` parser read a multipart body received by `node:http`. */
export function toWebRequest(req: IncomingMessage, body: Buffer): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  return new Request(new URL(req.url ?? '/', 'http://127.0.0.1'), {
    method: req.method ?? 'GET',
    headers,
    // A plain Uint8Array view: valid as a fetch body under both Node's and the DOM's typings.
    body: new Uint8Array(body),
  });
}

/** A 127.0.0.1 URL where nothing listens (connection refused), for network-failure tests. */
export async function unusedLocalUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
