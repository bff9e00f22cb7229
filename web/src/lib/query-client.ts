import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx answer will not change on a second try; a network error or 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

/** A one-time link's check (a password reset token, a checkout session): asked once, its answer kept. */
export const CHECK_ONCE = { retry: false, staleTime: Infinity } as const;

/** One QueryClient per app (or per test), so cached server data never leaks between them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server data changes mostly through this app's own mutations, which invalidate what they touch.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
    },
  });
}
