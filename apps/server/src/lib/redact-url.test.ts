import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it.each([
    [
      '/api/recordings/12/audio?exp=1795400000&sig=abcDEF123',
      '/api/recordings/12/audio?exp=1795400000&sig=[redacted]',
    ],
    ['/api/analysis/shareable?link=Zm9vYmFyYmF6', '/api/analysis/shareable?link=[redacted]'],
    ['/api/notifications/stream?token=u1.v2.sig', '/api/notifications/stream?token=[redacted]'],
    ['/redirect?code=abc123&state=s.t.u', '/redirect?code=[redacted]&state=[redacted]'],
    ['/reset-password/q8Zr0-token_value', '/reset-password/[redacted]'],
    ['/accept-invite/AbC?lang=fr', '/accept-invite/[redacted]?lang=fr'],
    ['/share/AbCdEf', '/share/[redacted]'],
    ['/api/users/invite/AbCdEf', '/api/users/invite/[redacted]'],
    ['/api/analysis/transcriptions?q=price&page=2', '/api/analysis/transcriptions?q=price&page=2'],
    ['/api/analysis/analysis?id=42', '/api/analysis/analysis?id=42'],
    ['/api/x?%74oken=secret', '/api/x?%74oken=[redacted]'],
    ['/api/x?TOKEN=secret&flag', '/api/x?TOKEN=[redacted]&flag'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
