import type { User } from '@pid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { authKeys } from './query-keys';

/** GET /api/auth/me: the signed-in user with the verified and subscription flags. */
export function getCurrentUser(): Promise<User> {
  return apiRequest<User>('/api/auth/me');
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: getCurrentUser,
    // The session decides when the user is reloaded (login, refresh); a failed load signs out at once.
    staleTime: Infinity,
    retry: false,
  });
}
