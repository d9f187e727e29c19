/**
 * Owns the error model: `DomainError` (code, user-facing message, retryable, fields, params) is the
 * base of every error a user may see, and `STATUS_BY_CODE` is the one code → HTTP status table the
 * error handler applies. Messages are English literals with `{name}` placeholders; the handler
 * answers them in the request's language from `i18n/messages.fr.ts`.
 */
import type { ErrorCode, FieldError } from '@call-insights/contracts/errors';
import type { Role } from '@call-insights/contracts/users';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  REQUEST_TIMEOUT: 408,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** Codes whose cause is temporary: trying again later may succeed. */
const RETRYABLE_BY_DEFAULT: ReadonlySet<ErrorCode> = new Set(['RATE_LIMITED', 'UNAVAILABLE', 'INTERNAL']);

export type DomainErrorOptions = {
  fields?: FieldError[];
  /** Values of the message's `{name}` placeholders. */
  params?: Record<string, string | number>;
  retryable?: boolean;
  /** For logs only: what went wrong underneath (vendor status, tool output). Never shown. */
  detail?: string;
  /** Seconds after which trying again may work: sent as `Retry-After`. */
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class DomainError extends Error {
  readonly fields: FieldError[] | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly retryable: boolean;
  readonly detail: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    /** Shown to users, in English with `{name}` placeholders; translated by the error handler. */
    message: string,
    opts: DomainErrorOptions = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'DomainError';
    this.fields = opts.fields;
    this.params = opts.params;
    this.retryable = opts.retryable ?? RETRYABLE_BY_DEFAULT.has(code);
    this.detail = opts.detail;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }

  /** The message with its placeholders filled, in English (logs, tests, stored failure reasons). */
  get text(): string {
    return fillPlaceholders(this.message, this.params);
  }

  /** Same as `text`: the name adapters' callers have used for the user-facing sentence. */
  get userMessage(): string {
    return this.text;
  }
}

/** The error services throw for a request that cannot be served as asked. */
export class AppError extends DomainError {
  constructor(code: ErrorCode, message: string, opts: DomainErrorOptions = {}) {
    super(code, message, opts);
    this.name = 'AppError';
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}

export function fillPlaceholders(
  message: string,
  params: Record<string, string | number> | undefined,
): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Marks a user-facing message literal that is not written inside `new AppError(…)` (for example
 * one of two messages chosen by a condition), so the translation check finds it.
 */
export const msg = (text: string): string => text;

/**
 * A user-facing message kept in the database (a recording's failure reason): its English text with
 * `{name}` placeholders and their values, so it is shown later in the reader's language
 * (`storedMessageText` in `i18n/translate.ts`). `attempt` marks a failure that will be retried.
 */
export type StoredMessage = {
  message: string;
  params?: Record<string, string | number>;
  attempt?: number;
  /**
   * What an administrator must change on the server for this to work (English with `{name}`
   * placeholders, names settings); the message itself stays plain for sales users. Shown to admins
   * only (`setupFor`), in the reader's language (`storedSetupText` in `i18n/translate.ts`).
   */
  setup?: string;
  /** Values of the setup hint's placeholders (a path, a host, a provider's name). */
  setupParams?: Record<string, string | number>;
};

/** A stored failure's setup hint, for admins only: other roles cannot act on server settings. */
export function setupFor(role: Role, stored: StoredMessage | null | undefined): string | null {
  return role === 'admin' ? (stored?.setup ?? null) : null;
}

/** The stored form of an error a user may see; anything else becomes `fallback`. */
export function storedMessageOf(err: unknown, fallback: string): StoredMessage {
  if (isDomainError(err))
    return err.params ? { message: err.message, params: err.params } : { message: err.message };
  return { message: fallback };
}
