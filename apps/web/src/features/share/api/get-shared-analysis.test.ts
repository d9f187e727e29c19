import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { sharedAnalysisFailure } from './get-shared-analysis';

describe('sharedAnalysisFailure', () => {
  it('tells a revoked or unknown link from rate limiting and other failures', () => {
    expect(sharedAnalysisFailure(new ApiError(404, 'NOT_FOUND', 'gone'))).toBe('unavailable');
    expect(sharedAnalysisFailure(new ApiError(400, 'VALIDATION_FAILED', 'bad link'))).toBe('unavailable');
    expect(sharedAnalysisFailure(new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe('rateLimited');
    expect(sharedAnalysisFailure(new ApiError(0, 'NETWORK', 'offline'))).toBe('failed');
    expect(sharedAnalysisFailure(new Error('boom'))).toBe('failed');
  });
});
