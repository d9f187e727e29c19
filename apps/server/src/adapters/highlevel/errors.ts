/**
 * HighLevel failures reduced to a few kinds, each with one policy (applied by callers):
 * - TEMPORARY: 5xx, network, time-out → retried with backoff here; if it persists, the job retries later.
 * - RATE_LIMITED: 429 → waited out (Retry-After) and retried here; never drops a call.
 * - RECONNECT_NEEDED: the tokens are dead (refresh refused, 401 after a refresh) → mark the account
 *   "reconnect needed"; the user runs Sync CRM again.
 * - INSUFFICIENT_PERMISSIONS: 403 / missing scope → same as reconnect (re-consent with the scopes).
 * - NOT_FOUND: 404 → the thing is not there (no recording, deleted contact): skip it.
 * - UNKNOWN: anything else (400/422: our request is wrong) → fail the item, log the trace id.
 */
export type HighLevelErrorKind =
  'TEMPORARY' | 'RATE_LIMITED' | 'RECONNECT_NEEDED' | 'INSUFFICIENT_PERMISSIONS' | 'NOT_FOUND' | 'UNKNOWN';

export class HighLevelError extends Error {
  constructor(
    readonly kind: HighLevelErrorKind,
    readonly status: number | undefined,
    readonly vendorMessage: string,
    readonly traceId: string | undefined,
  ) {
    super(`HighLevel ${kind}${status ? ` (${status})` : ''}: ${vendorMessage}`);
    this.name = 'HighLevelError';
  }
}

export const isHighLevelError = (err: unknown, kind?: HighLevelErrorKind): err is HighLevelError =>
  err instanceof HighLevelError && (kind === undefined || err.kind === kind);

/** The kind of an HTTP answer that is not a success. */
export function kindOfStatus(status: number): HighLevelErrorKind {
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500 || status === 408) return 'TEMPORARY';
  if (status === 401) return 'RECONNECT_NEEDED';
  if (status === 403) return 'INSUFFICIENT_PERMISSIONS';
  if (status === 404) return 'NOT_FOUND';
  return 'UNKNOWN';
}

/** The vendor's message (a string, or an array on 422) and trace id from an error body. */
export function readErrorBody(text: string): { message: string; traceId?: string } {
  try {
    const body = JSON.parse(text) as { message?: unknown; traceId?: unknown; error?: unknown };
    const message = Array.isArray(body.message)
      ? body.message.map(String).join('; ')
      : typeof body.message === 'string'
        ? body.message
        : typeof body.error === 'string'
          ? body.error
          : text.slice(0, 200);
    return { message, traceId: typeof body.traceId === 'string' ? body.traceId : undefined };
  } catch {
    return { message: text.slice(0, 200) };
  }
}
