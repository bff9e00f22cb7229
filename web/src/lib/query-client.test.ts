import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('query retries', () => {
  it('retries a network error or a 5xx once', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, undefined))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, undefined))).toBe(false);
  });

  it('never retries a 4xx', () => {
    expect(shouldRetry(0, new ApiError(404, { msg: 'Not found' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, undefined))).toBe(false);
  });
});
