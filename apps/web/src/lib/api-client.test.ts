// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  isAbortError,
  replacingToken,
  setUnauthorizedHandler,
  toApiError,
} from './api-client';
import { clearAccessToken, setAccessToken } from './storage';

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

describe('a 401 while the token is being replaced', () => {
  const json = { 'content-type': 'application/json' };
  const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: json });
  const refused = () =>
    new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } }), {
      status: 401,
      headers: json,
    });

  it('asks again with the new token instead of signing out, and signs out for a token still current', async () => {
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    setAccessToken('old-token');
    let finishChange: (() => void) | undefined;
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('Authorization');
        seen.push(auth);
        if (String(url).includes('change-password'))
          return new Promise<Response>((resolve) => {
            finishChange = () => resolve(ok({ accessToken: 'new-token' }));
          });
        return auth === 'Token new-token' ? ok({ unread: 0 }) : refused();
      }),
    );
    try {
      // The password change is under way; the bell asks with the old token and is refused.
      const change = replacingToken(async () => {
        const answer = await apiRequest<{ accessToken: string }>('/users/change-password', { method: 'PUT' });
        setAccessToken(answer.accessToken);
        return answer;
      });
      const bell = apiRequest<{ unread: number }>('/notifications');
      await vi.waitFor(() => expect(seen).toContain('Token old-token'));
      finishChange?.();
      await change;
      await expect(bell).resolves.toEqual({ unread: 0 });
      expect(signedOut).not.toHaveBeenCalled();

      // A token that is still the stored one and is refused: the session is over.
      setAccessToken('revoked-token');
      await expect(apiRequest('/notifications')).rejects.toBeInstanceOf(ApiError);
      expect(signedOut).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
      clearAccessToken();
    }
  });
});
