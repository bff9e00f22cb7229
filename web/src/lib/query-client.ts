import { QueryClient } from '@tanstack/react-query';

/** One QueryClient per app (or per test), so cached server data never leaks between them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server data changes mostly through this app's own mutations, which invalidate what they touch.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
}
