import { z } from 'zod';
import type { ErrorCode } from './errors.js';

/**
 * Route contracts: each endpoint of the API (method, path, who may call it, params, query, body,
 * answer, documented errors) is declared once here. The server registers its handlers against
 * these declarations (and generates OpenAPI from them); the web client calls them by declaration,
 * typed from the same schemas, and validates answers in development and tests.
 */

/** The largest id PostgreSQL's `integer` holds: ids past it are refused as bad input, never a 500. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id (1 to `MAX_ID`): a JSON number, or plain decimal digits (query strings, path
 * parameters, multipart fields and clients that send ids as text). Not `z.coerce.number()`: that
 * reads `true` as 1 and "0x1", " 1", "1e0" or "" as numbers; those are refused as not a number, and
 * digits past `MAX_ID` as too big (a 400 on the field, never PostgreSQL's integer overflow). The
 * range checks stop at the first failure, so 1e20 says "at most 2147483647" only (not also zod's
 * safe-integer bound).
 */
export const Id = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number().min(1, { abort: true }).max(MAX_ID, { abort: true }).int(),
);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public`: anyone; `member`: any signed-in member of an organization;
 * `manager`: managers and admins; `admin`: admins only. Enforced by the server in one place
 * (the route registrar), from this field.
 */
export type Access = 'public' | 'member' | 'manager' | 'admin';

/** What the answer's body is: JSON validated by `response`, a byte stream (audio, CSV), or nothing. */
export type Produces = 'json' | 'stream' | 'none';

export type RouteDefinition = {
  method: HttpMethod;
  /** Path under `/api`, with `:name` parameters (`/recordings/:id/retry`). */
  path: string;
  access: Access;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `multipart` bodies are streamed by the handler and not described by `body`. */
  bodyKind?: 'json' | 'multipart';
  /** Success status (default 200). */
  status?: 200 | 201 | 202 | 204 | 206;
  response?: z.ZodType;
  produces?: Produces;
  /** Content type of a `stream` answer, for the documentation. */
  contentType?: string;
  /** The error codes this route documents besides the ones every route may answer. */
  errors?: readonly ErrorCode[];
  /**
   * A named rate-limit policy the server applies per client address (`auth`: sign-in, reset,
   * invitations; `signup`: new accounts, per hour; `share`: public pages).
   */
  rateLimit?: 'auth' | 'signup' | 'share';
};

/** Declares a route; `const` keeps the literal method, path and schemas for inference. */
export function defineRoute<const R extends RouteDefinition>(route: R): R {
  return route;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Values the handler receives after validation. */
export type RouteParams<R extends RouteDefinition> = OutputOf<R['params']>;
export type RouteQuery<R extends RouteDefinition> = OutputOf<R['query']>;
export type RouteBody<R extends RouteDefinition> = OutputOf<R['body']>;
/** What the handler returns and the client receives (for `json` routes). */
export type RouteResponse<R extends RouteDefinition> = OutputOf<R['response']>;

/** What a caller sends: the schemas' input types (before coercion and defaults). */
export type RouteInput<R extends RouteDefinition> = (R['params'] extends z.ZodType
  ? { params: InputOf<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: InputOf<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InputOf<R['body']> } : { body?: undefined });

/** Fills `:name` parameters of a route path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
