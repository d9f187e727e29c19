import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loginErrorKey } from './login';

describe('loginErrorKey', () => {
  it('maps the spec login answers to their messages', () => {
    expect(loginErrorKey(new ApiError(401, 'UNAUTHORIZED', 'Wrong Password'))).toBe(
      'auth.signIn.wrongPassword',
    );
    expect(loginErrorKey(new ApiError(401, 'UNAUTHORIZED', 'Wrong User'))).toBe('auth.signIn.wrongUser');
  });

  it('tells the user to wait after too many attempts', () => {
    expect(loginErrorKey(new ApiError(429, 'RATE_LIMITED', 'Too many attempts.'))).toBe(
      'errors.tooManyAttempts',
    );
  });

  it('falls back to a generic message', () => {
    expect(loginErrorKey(new ApiError(0, 'NETWORK', 'offline'))).toBe('errors.network');
    expect(loginErrorKey(new ApiError(500, 'INTERNAL', 'boom'))).toBe('auth.signIn.failed');
    expect(loginErrorKey(new Error('boom'))).toBe('auth.signIn.failed');
  });
});
