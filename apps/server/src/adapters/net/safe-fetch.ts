// Server-side download of a user-supplied URL (recording import by link), safe against SSRF. Owns
// the rules: http/https only, no credentials in the URL; the host is resolved here and refused if
// any of its addresses is not public (see address-policy.ts); the connection is pinned to the
// checked address (a second DNS answer cannot switch it: no rebinding), keeping the Host header and
// TLS server name; redirects are followed by hand and every hop is checked again; one time cap
// covers the whole download and a byte cap is enforced while the body streams; the caller's signal
// stops it early. Every refusal is a UrlRefusedError with a code and a message the user can act on.
import type { ErrorCode } from '@call-insights/contracts/errors';
import { DomainError, msg } from '../../errors.js';
import { promises as dns } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { canonicalAddress, anyAddress, publicAddressesOnly } from './address-policy.js';
import type { AddressFamily, AddressPolicy } from './address-policy.js';

export type UrlRefusalCode =
  | 'INVALID_URL'
  | 'SCHEME'
  | 'PRIVATE_ADDRESS'
  | 'DNS'
  | 'NETWORK'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'HTTP_STATUS'
  | 'TOO_MANY_REDIRECTS'
  | 'EMPTY';

const MESSAGES: Record<UrlRefusalCode, string> = {
  INVALID_URL: msg('This is not a valid web address.'),
  SCHEME: msg('Only http:// and https:// links can be imported.'),
  PRIVATE_ADDRESS: msg('This URL points to a private or local network address, which is not allowed.'),
  DNS: msg('The server name in this link could not be found.'),
  NETWORK: msg('The server at this link could not be reached or closed the connection.'),
  TOO_LARGE: msg('The file at this link is larger than the allowed size.'),
  TIMEOUT: msg('The download took too long and was stopped.'),
  HTTP_STATUS: msg('The server at this link answered with an error.'),
  TOO_MANY_REDIRECTS: msg('This link redirects too many times.'),
  EMPTY: msg('The file at this link is empty.'),
};

/** The HTTP meaning of each refusal: the user's link is wrong, too big, or the far server failed. */
const ERROR_CODE: Record<UrlRefusalCode, ErrorCode> = {
  INVALID_URL: 'VALIDATION_FAILED',
  SCHEME: 'VALIDATION_FAILED',
  PRIVATE_ADDRESS: 'VALIDATION_FAILED',
  DNS: 'UNPROCESSABLE',
  NETWORK: 'UNPROCESSABLE',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TIMEOUT: 'UNPROCESSABLE',
  HTTP_STATUS: 'UNPROCESSABLE',
  TOO_MANY_REDIRECTS: 'UNPROCESSABLE',
  EMPTY: 'UNPROCESSABLE',
};

export class UrlRefusedError extends DomainError {
  /** The upstream HTTP status, for HTTP_STATUS. */
  readonly status?: number;
  constructor(
    readonly reason: UrlRefusalCode,
    opts: {
      userMessage?: string;
      params?: Record<string, string | number>;
      detail?: string;
      status?: number;
    } = {},
  ) {
    super(ERROR_CODE[reason], opts.userMessage ?? MESSAGES[reason], {
      params: opts.params,
      detail: opts.detail,
      retryable: false,
    });
    this.name = 'UrlRefusedError';
    this.status = opts.status;
  }
}

export type ResolvedAddress = { address: string; family: AddressFamily };
/** Resolves a host name to every address it has (tests inject one; the default asks the OS resolver). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeDownloadOptions = {
  maxBytes: number;
  /** Total budget: DNS, connections, redirects and the whole body. */
  timeoutMs: number;
  maxRedirects?: number;
  /** Tests only: allow any address (local test servers live on 127.0.0.1). */
  allowPrivate?: boolean;
  /** Replaces the address rule entirely (takes precedence over allowPrivate). */
  addressPolicy?: AddressPolicy;
  lookup?: HostLookup;
  headers?: Record<string, string>;
  /** Extra trusted CA certificates (tests with a self-signed server). */
  ca?: string | Buffer;
  /**
   * The caller gave up (its own client hung up): the download stops at once, in whichever phase,
   * and fails with the signal's reason; a body already handed over is destroyed with it.
   */
  signal?: AbortSignal;
};

export type SafeDownloadResult = {
  /** The body; errors with UrlRefusedError (TOO_LARGE, TIMEOUT, NETWORK) if a cap is hit mid-way. */
  stream: Readable;
  contentType?: string;
  finalUrl: string;
  contentLength?: number;
};

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function safeDownload(rawUrl: string, opts: SafeDownloadOptions): Promise<SafeDownloadResult> {
  const policy = opts.addressPolicy ?? (opts.allowPrivate ? anyAddress : publicAddressesOnly);
  const lookup = opts.lookup ?? systemLookup;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;

  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const { signal } = opts;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UrlRefusedError('TIMEOUT', { detail: `exceeded ${opts.timeoutMs} ms` })),
      opts.timeoutMs,
    );
    if (signal) {
      onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  // The deadline (or the caller's abort) is observed by whichever phase is running; nobody may be
  // listening when it fires.
  expired.catch(() => undefined);
  const settle = () => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  };

  let url = parseAllowedUrl(rawUrl);
  let response: IncomingMessage | undefined;
  try {
    for (let hop = 0; ; hop++) {
      const addresses = await Promise.race([resolveAllowed(url, policy, lookup), expired]);
      const res = await fetchOnce(url, addresses, opts, expired);
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (hop >= maxRedirects) {
          throw new UrlRefusedError('TOO_MANY_REDIRECTS', { detail: `more than ${maxRedirects} redirects` });
        }
        url = parseAllowedUrl(resolveLocation(location, url));
        continue;
      }
      response = res;
      break;
    }

    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      throw new UrlRefusedError('HTTP_STATUS', {
        userMessage: 'The server at this link answered with an error (HTTP {status}).',
        params: { status },
        detail: `${status} ${response.statusMessage ?? ''}`.trim(),
        status,
      });
    }
    const contentLength = parseContentLength(response.headers['content-length']);
    if (contentLength !== undefined && contentLength > opts.maxBytes) {
      throw tooLarge(opts.maxBytes, `Content-Length ${contentLength}`);
    }
    if (contentLength === 0) throw new UrlRefusedError('EMPTY');

    // Wait for the first bytes so an empty body is refused here, not after the caller began storing.
    const first = await Promise.race([firstChunk(response), expired]);
    if (first === null) throw new UrlRefusedError('EMPTY');
    if (first.length > opts.maxBytes) throw tooLarge(opts.maxBytes, 'first chunk over the cap');

    const stream = limitBody(response, first, opts.maxBytes);
    expired.catch((error: unknown) => stream.destroy(error as Error));
    stream.once('close', settle);
    const contentType = headerValue(response.headers['content-type']);
    return {
      stream,
      finalUrl: url.href,
      ...(contentType ? { contentType } : {}),
      ...(contentLength !== undefined ? { contentLength } : {}),
    };
  } catch (error) {
    settle();
    response?.destroy();
    throw error;
  }
}

function parseAllowedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UrlRefusedError('INVALID_URL', { detail: 'unparseable' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlRefusedError('SCHEME', { detail: url.protocol });
  }
  if (url.username || url.password) {
    throw new UrlRefusedError('INVALID_URL', {
      userMessage: 'Links that contain a user name or password are not supported.',
      detail: 'credentials in URL',
    });
  }
  if (!url.hostname) throw new UrlRefusedError('INVALID_URL', { detail: 'no host' });
  return url;
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new UrlRefusedError('INVALID_URL', { detail: `bad redirect Location ${location}` });
  }
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Resolves the URL's host and checks every address; one bad address refuses the whole host. */
async function resolveAllowed(
  url: URL,
  policy: AddressPolicy,
  lookup: HostLookup,
): Promise<ResolvedAddress[]> {
  // URL keeps IPv6 literals in brackets; the WHATWG parser has already normalized odd IPv4 forms
  // (0x7f.1, 2130706433) to dotted decimal.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let found: ResolvedAddress[];
  if (isIP(hostname)) {
    found = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  } else {
    try {
      found = await lookup(hostname);
    } catch (error) {
      throw new UrlRefusedError('DNS', { detail: `${hostname}: ${(error as Error).message}` });
    }
    if (found.length === 0) throw new UrlRefusedError('DNS', { detail: `${hostname}: no addresses` });
  }
  const port = portOf(url);
  const checked = found.map((entry) => canonicalAddress(entry.address));
  const refused = checked.find((entry) => !policy({ ...entry, hostname, port }));
  if (refused) {
    throw new UrlRefusedError('PRIVATE_ADDRESS', { detail: `${hostname} → ${refused.address}:${port}` });
  }
  return checked;
}

const systemLookup: HostLookup = async (hostname) => {
  const answers: LookupAddress[] = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A lookup for http.request that only ever answers the addresses we already checked. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    // Node asks for all addresses when it races IPv4/IPv6 connections ("happy eyeballs").
    if (options.all) {
      callback(null, addresses);
      return;
    }
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const pick = addresses.find((a) => wanted === undefined || a.family === wanted) ?? addresses[0];
    if (!pick) {
      callback(Object.assign(new Error('no pinned address'), { code: 'ENOTFOUND' }), '', 4);
      return;
    }
    callback(null, pick.address, pick.family);
  };
}

function fetchOnce(
  url: URL,
  addresses: ResolvedAddress[],
  opts: SafeDownloadOptions,
  expired: Promise<never>,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const req = client.request(url, {
    method: 'GET',
    // A fresh connection per request: a pooled socket could point at an address we no longer trust.
    agent: false,
    lookup: pinnedLookup(addresses),
    headers: {
      'User-Agent': 'CallInsights-Importer/1.0',
      Accept: 'audio/*, application/octet-stream;q=0.9, */*;q=0.5',
      // Compressed bodies would dodge the byte cap's meaning and the type sniffing.
      'Accept-Encoding': 'identity',
      ...opts.headers,
    },
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', (error: NodeJS.ErrnoException) => {
      reject(new UrlRefusedError('NETWORK', { detail: `${error.code ?? ''} ${error.message}`.trim() }));
    });
  });
  req.end();
  return Promise.race([answered, expired]).catch((error: unknown) => {
    req.destroy();
    throw error;
  });
}

function firstChunk(res: IncomingMessage): Promise<Buffer | null> {
  return new Promise<Buffer | null>((resolve, reject) => {
    const cleanup = () => {
      res.off('data', onData);
      res.off('end', onEnd);
      res.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      if (chunk.length === 0) return;
      res.pause();
      cleanup();
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new UrlRefusedError('NETWORK', { detail: error.message }));
    };
    res.on('data', onData);
    res.once('end', onEnd);
    res.once('error', onError);
  });
}

/** The body from `first` on, failing with TOO_LARGE past the cap and NETWORK if the server hangs up. */
function limitBody(res: IncomingMessage, first: Buffer, maxBytes: number): Readable {
  let received = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) {
        callback(tooLarge(maxBytes, `body passed ${maxBytes} bytes`));
        return;
      }
      callback(null, chunk);
    },
  });
  res.once('error', (error) => limiter.destroy(new UrlRefusedError('NETWORK', { detail: error.message })));
  res.once('aborted', () =>
    limiter.destroy(new UrlRefusedError('NETWORK', { detail: 'connection closed early' })),
  );
  limiter.once('close', () => res.destroy());
  limiter.write(first);
  res.pipe(limiter);
  return limiter;
}

function tooLarge(maxBytes: number, detail: string): UrlRefusedError {
  const mb = maxBytes / (1024 * 1024);
  const limit = mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${maxBytes} bytes`;
  return new UrlRefusedError('TOO_LARGE', {
    userMessage: 'The file at this link is larger than the {limit} limit.',
    params: { limit },
    detail,
  });
}

function parseContentLength(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
