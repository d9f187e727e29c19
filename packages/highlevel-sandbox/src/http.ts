/** The sandbox's HTTP plumbing: vendor-shaped errors, JSON/HTML answers, bodies, query parsing, cursors. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { components as Contacts } from './generated/contacts.js';
import type { AccessToken } from './oauth.js';
import type { VERSION_CONVERSATIONS, VERSION_DEFAULT } from './versions.js';

export type Note = Contacts['schemas']['GetNoteSchema'];
export type ApiVersion = typeof VERSION_CONVERSATIONS | typeof VERSION_DEFAULT;

export type Ctx = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: string[];
  token: AccessToken;
  rateHeaders: Record<string, string>;
};

export type Route = {
  method: 'GET' | 'POST';
  pattern: RegExp;
  version: ApiVersion;
  scope: string;
  /** Which rate-limit bucket the request counts in. */
  handler: (ctx: Ctx) => Promise<void> | void;
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message));
  }
}

export const notFound = (message: string) => new HttpError(404, { statusCode: 404, message });
export const badRequest = (message: string) => new HttpError(400, { statusCode: 400, message });
export const forbiddenLocation = () =>
  new HttpError(403, { statusCode: 403, message: 'The token does not have access to this location.' });
export const scopeError = () =>
  new HttpError(401, {
    statusCode: 401,
    message: 'The token is not authorized for this scope.',
    error: 'Unauthorized',
  });

// ---- HTTP helpers -------------------------------------------------------------------------------

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(html)),
  });
  res.end(html);
}

export const MAX_BODY = 1_000_000;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, { statusCode: 413, message: 'Payload Too Large' }));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function statusText(status: number): string {
  return (
    { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' }[
      status
    ] ?? 'Error'
  );
}

export function parseNonNegative(raw: string | null, fallback: number, name: string): number {
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw badRequest(`${name} must be a non-negative integer`);
  return n;
}

/** ISO date-time or epoch milliseconds; null when absent. */
export function parseDate(raw: string | null, name: string): number | null {
  if (raw === null || raw === '') return null;
  const t = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(t)) throw badRequest(`${name} must be an ISO date or epoch milliseconds`);
  return t;
}

export function encodeCursor(k: { t: number; id: string }): string {
  return Buffer.from(JSON.stringify({ lastSort: [k.t], lastId: k.id })).toString('base64');
}

export function decodeCursor(raw: string): { t: number; id: string } {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as {
      lastSort?: unknown;
      lastId?: unknown;
    };
    const t = Array.isArray(v.lastSort) ? v.lastSort[0] : undefined;
    if (typeof t !== 'number' || typeof v.lastId !== 'string') throw new Error('bad');
    return { t, id: v.lastId };
  } catch {
    throw badRequest('cursor is invalid');
  }
}
