/**
 * Requests Node's HTTP parser refuses before Fastify sees them, sent over a raw socket to the real
 * listening server: headers past Node's limit get 431 and a request that is not HTTP gets 400, both
 * as JSON in the API's one error shape, in the reader's language, with no stack; the server keeps
 * serving.
 */
import net, { type AddressInfo } from 'node:net';
import { ErrorResponse } from '@call-insights/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createHarness, type Harness } from '../test-support/app-harness.js';
import { createClientErrorHandler, type ParserError } from './client-error.js';

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** Writes `request` on a fresh connection and reads everything until the server closes it. */
async function rawRequest(port: number, request: string): Promise<RawAnswer> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server closes the connection once it has answered; a reset after the answer is fine.
    socket.once('close', () => resolve());
    socket.once('error', (err) => (chunks.length > 0 ? resolve() : reject(err)));
    socket.write(request);
  });
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('requests refused before routing', () => {
  let h: Harness;
  let port = 0;
  beforeAll(async () => {
    h = await createHarness('pglite');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await h?.close();
  });

  // Node's default limit for all of a request's headers is 16 KB.
  const huge = `Cookie: big=${'x'.repeat(20_000)}\r\n`;

  it('answers headers too large with 431 in the API error shape', async () => {
    const answer = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\n${huge}\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    const body = ErrorResponse.parse(JSON.parse(answer.body));
    expect(body).toEqual({
      error: {
        code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        message:
          "The request's headers are too large. Clear this site's cookies in your browser, then try again.",
      },
    });
    expect(answer.body).not.toMatch(/stack|HPE_|at .*\.js/);
  });

  it('answers in French when the request asks for it', async () => {
    const answer = await rawRequest(
      port,
      `POST /api/users/login HTTP/1.1\r\nHost: x\r\nAccept-Language: fr-FR,fr;q=0.9\r\n${huge}\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-language']).toBe('fr');
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        message:
          'Les en-têtes de la requête sont trop volumineux. Effacez les cookies de ce site dans votre navigateur, puis réessayez.',
      },
    });
  });

  it('answers a request that is not HTTP with 400 in the same shape', async () => {
    const answer = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(ErrorResponse.parse(JSON.parse(answer.body))).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' },
    });
  });

  it('keeps serving ordinary requests', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});

describe('a request whose headers do not arrive in time', () => {
  // Node raises ERR_HTTP_REQUEST_TIMEOUT from its connection checker (every 30 s by default) once
  // `headersTimeout` has passed; the handler is given that error and the client's real socket here
  // instead of waiting for the checker.
  async function timedOut(rawPacket?: Buffer): Promise<RawAnswer> {
    const handler = createClientErrorHandler(pino({ level: 'silent' }));
    const server = net.createServer((socket) => {
      // Node's HTTP server listens for the error the handler destroys the socket with; so does this one.
      socket.on('error', () => {});
      const err: ParserError = Object.assign(new Error('Request timeout'), {
        code: 'ERR_HTTP_REQUEST_TIMEOUT',
        ...(rawPacket && { rawPacket }),
      });
      handler(err, socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      return await rawRequest((server.address() as AddressInfo).port, 'GET /api/health HTTP/1.1\r\n');
    } finally {
      server.close();
    }
  }

  it('answers 408 in the API error shape, with nothing internal', async () => {
    const answer = await timedOut();
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(ErrorResponse.parse(JSON.parse(answer.body))).toEqual({
      error: {
        code: 'REQUEST_TIMEOUT',
        message: 'The request took too long to arrive. Check your connection, then try again.',
      },
    });
    expect(answer.body).not.toMatch(/ERR_HTTP|stack/);
  });

  it('answers in French when the headers read so far ask for it', async () => {
    const answer = await timedOut(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\n'));
    expect(answer.status).toBe(408);
    expect(answer.headers['content-language']).toBe('fr');
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'REQUEST_TIMEOUT',
        message: 'La requête a mis trop de temps à arriver. Vérifiez votre connexion, puis réessayez.',
      },
    });
  });
});
