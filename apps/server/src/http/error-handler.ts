/**
 * Owns the one error handler: every failure leaves as `{ error: { code, message, fields? } }`
 * with a status that means what it says; no stack traces, SQL or vendor text reach clients.
 */
import type { ErrorCode, ErrorResponse, FieldError } from '@call-insights/contracts/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDomainError, STATUS_BY_CODE, type DomainError } from '../errors.js';
import { languageOf, translate, type Language } from '../i18n/translate.js';
import { RequestAbandonedError } from './client-gone.js';
import { fieldProblems, type IssueLike } from './field-problems.js';

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
  // The upload's form (@fastify/multipart limits): a client that sends more than one recording or a
  // form stuffed with fields made a wrong request (400), not a too-large one.
  FST_FILES_LIMIT: { code: 'BAD_REQUEST', message: 'Send one recording per upload, in the "file" part.' },
  FST_FIELDS_LIMIT: { code: 'BAD_REQUEST', message: 'The upload form has too many fields.' },
  FST_PARTS_LIMIT: { code: 'BAD_REQUEST', message: 'The upload form has too many parts.' },
  FST_PROTO_VIOLATION: {
    code: 'BAD_REQUEST',
    message: 'The upload form has a field name that is not allowed.',
  },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'This address is not valid.' },
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

/** The request part a validation error is about, and its schema (exclusive limits, unions, null). */
function validatedPart(req: FastifyRequest, where: string): { schema?: unknown; input?: unknown } {
  const schema = (req.routeOptions.schema as Record<string, unknown> | undefined)?.[where];
  const input =
    where === 'body'
      ? req.body
      : where === 'querystring'
        ? req.query
        : where === 'params'
          ? req.params
          : where === 'headers'
            ? req.headers
            : undefined;
  return { schema, input };
}

/**
 * A domain error's field messages in the request's language: a field message that is the error's
 * own message filled in is translated as that message, any other with the error's values.
 */
function domainFields(err: DomainError, lang: Language): FieldError[] | undefined {
  return err.fields?.map((f) => ({
    path: f.path,
    message:
      f.message !== err.message && f.message === err.text
        ? translate(lang, err.message, err.params)
        : translate(lang, f.message, err.params),
  }));
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
    return send(err.statusCode, err.code, say(err.message, err.params), domainFields(err, lang));
  }
  const fastifyErr = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyErr)) {
    const where = fastifyErr.validationContext ?? 'body';
    const fields = fieldProblems(fastifyErr.validation as IssueLike[], lang, {
      ...validatedPart(req, where),
      where,
    });
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
  // The client hung up mid-request (an upload cancelled, a tab closed, a URL import given up):
  // nothing failed on our side and nobody reads the answer, so it is no error in the log.
  const gone =
    (err as NodeJS.ErrnoException).code === 'ECONNRESET' ||
    /^(?:aborted|Premature close)$/u.test(err.message);
  if (err instanceof RequestAbandonedError || (gone && req.raw.destroyed)) {
    req.log.info({ reason: err.message }, 'request abandoned by the client');
    return send(400, 'BAD_REQUEST', say('The request was interrupted before it was complete.'));
  }
  req.log.error({ err }, 'request failed');
  return send(
    500,
    'INTERNAL',
    say('Something went wrong on our side. Please try again; if it keeps happening, contact support.'),
  );
}
