/**
 * Owns the one error handler: every failure leaves as `{ error: { code, message, fields? } }`
 * with a status that means what it says; no stack traces, SQL or vendor text reach clients.
 */
import type { ErrorCode, ErrorResponse, FieldError } from '@call-insights/contracts/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDomainError, STATUS_BY_CODE } from '../errors.js';
import { languageOf, translate, type Language } from '../i18n/translate.js';
import { fieldProblem, type IssueLike } from './field-problems.js';

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty; JSON was expected.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted here; send JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the body.',
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large.' },
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

export function toErrorBody(code: ErrorCode, message: string, fields?: FieldError[]): ErrorResponse {
  return { error: { code, message, ...(fields && fields.length > 0 ? { fields } : {}) } };
}

function describeField(v: IssueLike & { instancePath?: string }, where: string, lang: Language) {
  const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return { path: path || where, message: fieldProblem(v, lang) };
}

export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const lang = languageOf(req.headers['accept-language']);
  const say = (message: string, params?: Record<string, string | number>) => translate(lang, message, params);
  const send = (status: number, code: ErrorCode, message: string, fields?: FieldError[]) =>
    reply
      .code(status)
      .header('content-language', lang)
      .send(toErrorBody(code, message, fields));

  if (isDomainError(err)) {
    if (err.statusCode >= 500) req.log.error({ err, detail: err.detail }, 'request failed');
    if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    return send(err.statusCode, err.code, say(err.message, err.params), err.fields);
  }
  const fastifyErr = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyErr)) {
    const where = fastifyErr.validationContext ?? 'body';
    const fields = fastifyErr.validation.map((v) => describeField(v as IssueLike, where, lang));
    const message =
      fields.length === 1 && fields[0]
        ? say('Please check {field}: {problem}', { field: fields[0].path, problem: fields[0].message })
        : say('Please check these fields: {fields}.', { fields: fields.map((f) => f.path).join(', ') });
    return send(400, 'VALIDATION_FAILED', message, fields);
  }
  const known = fastifyErr.code ? FASTIFY_CODES[fastifyErr.code] : undefined;
  if (known) return send(STATUS_BY_CODE[known.code], known.code, say(known.message));

  const status = fastifyErr.statusCode ?? 500;
  if (status === 429) {
    // The limiter says how long is left (Retry-After, seconds): an hourly limit is not "a minute".
    const wait = Number(reply.getHeader('retry-after'));
    if (Number.isFinite(wait) && wait > 90)
      return send(
        429,
        'RATE_LIMITED',
        say('Too many attempts. Please wait {minutes} minutes and try again.', {
          minutes: Math.ceil(wait / 60),
        }),
      );
    return send(429, 'RATE_LIMITED', say('Too many attempts. Please wait a minute and try again.'));
  }
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx (bad headers, bad params…): its message describes the request, not our internals.
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
    return send(status, code, fastifyErr.message || say('The request could not be processed.'));
  }
  req.log.error({ err }, 'request failed');
  return send(
    500,
    'INTERNAL',
    say('Something went wrong on our side. Please try again; if it keeps happening, contact support.'),
  );
}
