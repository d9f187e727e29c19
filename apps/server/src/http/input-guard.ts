/**
 * Owns refusing text no column can hold: NUL bytes (PostgreSQL text cannot store them) and lone
 * UTF-16 surrogates (not valid Unicode). Checked once, before validation, in the query, the path
 * parameters and the JSON body of every request, so such input gets a 400 naming the field instead
 * of a database error — and before any streamed answer starts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, msg } from '../errors.js';

// The NUL byte is exactly what this pattern is for.
// eslint-disable-next-line no-control-regex
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 20;

/** The path of the first unsafe string in `value`, or undefined. */
export function findUnsafeString(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNSAFE.test(value) ? path : undefined;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (UNSAFE.test(key)) return here;
    const found = findUnsafeString(inner, here, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A `preValidation` hook (callback style: no promise per request). */
export function rejectUnsafeInput(
  req: FastifyRequest,
  _reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  const field =
    findUnsafeString(req.params, '') ?? findUnsafeString(req.query, '') ?? findUnsafeString(req.body, '');
  if (field === undefined) return done();
  const message = msg('Please check {field}: it contains a character that is not allowed.');
  done(
    new AppError('VALIDATION_FAILED', message, {
      params: { field: field || 'body' },
      fields: [{ path: field || 'body', message: 'Contains a NUL byte or an invalid character' }],
    }),
  );
}
