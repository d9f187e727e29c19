/**
 * Owns the answers to requests Node's HTTP parser refuses before Fastify sees them (the server's
 * 'clientError' event): headers too large leave as 431, a request whose headers do not arrive in
 * time (Node's `headersTimeout`) as 408 and malformed requests as 400, all in the API's one error
 * shape (`{ error: { code, message } }`) instead of Fastify's own (ADR 045).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@call-insights/contracts/errors';
import type { Logger } from 'pino';
import { msg } from '../errors.js';
import { languageOf, translate, type Language } from '../i18n/translate.js';
import { toErrorBody } from './error-handler.js';

/** What Node passes with a 'clientError': its parser's code and the bytes it was reading. */
export type ParserError = Error & { code?: string; rawPacket?: unknown };

const HEADERS_TOO_LARGE = msg(
  "The request's headers are too large. Clear this site's cookies in your browser, then try again.",
);
const MALFORMED = msg('The request is not valid HTTP.');
const TIMED_OUT = msg('The request took too long to arrive. Check your connection, then try again.');

/** The language asked for, when the bytes the parser stopped in carry an Accept-Language header. */
function languageFrom(rawPacket: unknown): Language {
  if (!Buffer.isBuffer(rawPacket)) return 'en';
  const header = /\r\naccept-language:[ \t]*([^\r\n]*)/iu.exec(rawPacket.toString('latin1'));
  return languageOf(header?.[1]);
}

/** The raw HTTP/1.1 answer the handler writes on the socket (exported for its tests). */
export function rawErrorResponse(status: number, code: ErrorCode, message: string, lang: Language) {
  const body = JSON.stringify(toErrorBody(code, message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `Content-Language: ${lang}\r\n` +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

/**
 * Fastify's `clientErrorHandler`: answers on the raw socket (if it can still be written) and
 * closes it. A connection reset needs no answer. A timed-out request's language is known only when
 * its headers were read; otherwise the answer is in English.
 */
export function createClientErrorHandler(log: Logger) {
  return (err: ParserError, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    let response: string;
    if (err.code === 'HPE_HEADER_OVERFLOW') {
      const lang = languageFrom(err.rawPacket);
      log.info({ code: err.code, remoteAddress: socket.remoteAddress }, 'request headers too large');
      response = rawErrorResponse(
        431,
        'REQUEST_HEADER_FIELDS_TOO_LARGE',
        translate(lang, HEADERS_TOO_LARGE),
        lang,
      );
    } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      log.debug({ code: err.code, remoteAddress: socket.remoteAddress }, 'request timed out');
      const lang = languageFrom(err.rawPacket);
      response = rawErrorResponse(408, 'REQUEST_TIMEOUT', translate(lang, TIMED_OUT), lang);
    } else {
      const lang = languageFrom(err.rawPacket);
      log.debug({ code: err.code, remoteAddress: socket.remoteAddress }, 'request not valid HTTP');
      response = rawErrorResponse(400, 'BAD_REQUEST', translate(lang, MALFORMED), lang);
    }
    if (socket.writable) socket.write(response);
    socket.destroy(err);
  };
}
