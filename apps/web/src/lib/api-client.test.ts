import { describe, expect, it } from 'vitest';
import { ApiError, isAbortError, toApiError } from './api-client';

describe('toApiError', () => {
  it('reads code, message and field errors from the error body', () => {
    const error = toApiError(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Please check email: Invalid email',
        fields: [{ path: 'email', message: 'Invalid email' }],
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Please check email: Invalid email');
    expect(error.fields).toEqual([{ path: 'email', message: 'Invalid email' }]);
  });

  it('keeps the spec messages of login failures', () => {
    const error = toApiError(401, { error: { code: 'UNAUTHORIZED', message: 'Wrong Password' } });
    expect(error.message).toBe('Wrong Password');
    expect(error.fields).toEqual([]);
  });

  it('falls back to UNKNOWN for bodies of another shape', () => {
    const error = toApiError(502, '<html>Bad gateway</html>', 'Bad Gateway');
    expect(error.code).toBe('UNKNOWN');
    expect(error.message).toBe('Bad Gateway');
    expect(toApiError(500, undefined).message).toBe('Request failed with status 500');
  });
});

describe('isAbortError', () => {
  it('recognises a cancelled request', () => {
    expect(isAbortError(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('boom'))).toBe(false);
  });
});
