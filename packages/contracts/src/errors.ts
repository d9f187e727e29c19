import { z } from 'zod';

/** Machine-readable error codes; the server maps each one to exactly one HTTP status. */
export const ErrorCode = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'REQUEST_HEADER_FIELDS_TOO_LARGE',
  'INTERNAL',
  'UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** Every error answer of the API has this shape. */
export const ErrorResponse = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.array(FieldError).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
