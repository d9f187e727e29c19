/**
 * Owns every HTTP call to our API: base path, auth header, JSON in and out, and turning error
 * answers (`{ error: { code, message, fields? } }`) into ApiError.
 */
import { ErrorResponse, type ErrorCode, type FieldError } from '@call-insights/contracts/errors';
import {
  buildPath,
  type RouteDefinition,
  type RouteInput,
  type RouteResponse,
} from '@call-insights/contracts/http';
import { getAccessToken } from './storage';

export const API_BASE = '/api';

export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: FieldError[];

  constructor(status: number, code: ApiErrorCode, message: string, fields: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A cancelled request (AbortController) is not a failure: callers ignore it. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Builds the ApiError for a non-2xx answer from whatever body the server sent. */
export function toApiError(status: number, body: unknown, statusText = ''): ApiError {
  const parsed = ErrorResponse.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(status, code, message, fields ?? []);
  }
  return new ApiError(status, 'UNKNOWN', statusText || `Request failed with status ${status}`);
}

/** The interface's language (i18n keeps `<html lang>` in step), so server messages come back in it. */
export function interfaceLanguage(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | undefined;

/** A call under way that will replace the stored token (see `replacingToken`). */
let rotation: Promise<unknown> | null = null;

/**
 * Runs `call`, which replaces the stored token (a password change: the server ends older sessions
 * and answers with a new token). A 401 for the old token that arrives meanwhile waits for it and is
 * asked again with the new token instead of signing the member out.
 */
export async function replacingToken<T>(call: () => Promise<T>): Promise<T> {
  const running = call();
  rotation = running;
  try {
    return await running;
  } finally {
    if (rotation === running) rotation = null;
  }
}

/** The app decides what a 401 means (clear the token, go to /signin). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Send the stored token (default true). Public calls such as sign-in pass false. */
  auth?: boolean;
  /** Run the app's 401 handler when a token was sent and refused (default true). */
  redirectOnUnauthorized?: boolean;
};

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, auth = true, redirectOnUnauthorized = true } = options;
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': interfaceLanguage() });
  const token = auth ? getAccessToken() : null;
  if (token) headers.set('Authorization', `Token ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached.');
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response.status, payload, response.statusText);
    if (response.status === 401 && token && redirectOnUnauthorized) {
      // A call sent while the token was being replaced (a password change ends older sessions and
      // answers with a new token) is refused for the old one: ask again with the new token.
      if (rotation) await rotation.catch(() => undefined);
      const current = getAccessToken();
      if (current && current !== token) return apiRequest<T>(path, options);
      onUnauthorized?.();
    }
    throw error;
  }
  return payload as T;
}

/** Answers are checked against the contract in development and tests; production trusts the server, which validates them before sending. */
const validateAnswers = import.meta.env.DEV || import.meta.env.MODE === 'test';

export type CallOptions = Pick<RequestOptions, 'signal' | 'redirectOnUnauthorized'> & {
  /** Send the stored token (default: unless the route is public). */
  auth?: boolean;
};

type CallArgs<R extends RouteDefinition> =
  // Routes without required parts may be called with no input at all.
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

function toQueryParams(query: unknown): QueryParams | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params[key] = typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
  }
  return params;
}

/**
 * Calls a route declared in `@call-insights/contracts/*.routes`: path, method, input and answer
 * types all come from the declaration, so nothing is written twice or cast at the call site.
 */
export async function callApi<R extends RouteDefinition>(
  route: R,
  ...[input, options]: CallArgs<R>
): Promise<RouteResponse<R>> {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  const answer = await apiRequest<unknown>(buildPath(route.path, parts.params), {
    method: route.method,
    query: toQueryParams(parts.query),
    body: parts.body,
    signal: options?.signal,
    auth: options?.auth ?? route.access !== 'public',
    redirectOnUnauthorized: options?.redirectOnUnauthorized,
  });
  if (!route.response || (route.produces ?? 'json') !== 'json') return undefined as RouteResponse<R>;
  if (validateAnswers) return route.response.parse(answer) as RouteResponse<R>;
  return answer as RouteResponse<R>;
}
