import type { LoginRequest, RegisterRequest, SubscriptionStatusResponse, User } from '@pid/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onUnauthorized } from '../api-client';
import { currentUserQueryOptions } from './api/get-current-user';
import { subscriptionStatusQueryOptions } from './api/get-subscription-status';
import { login as loginRequest } from './api/login';
import { authKeys, subscriptionKeys } from './api/query-keys';
import { register as registerRequest } from './api/register';
import { SessionContext, type Session } from './session-context';
import { clearStoredSession, readUsableToken, storeToken, storeUser } from './session-storage';

const INACTIVE: SubscriptionStatusResponse = { isActive: false, subscriptionId: null, status: null };

/**
 * Holds the session of spec §4. The token lives in localStorage (the API client reads it for every
 * request); the user is a React Query query that runs while there is a usable token.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // An expired or undecodable stored token is dropped here, so the app starts signed out.
  const [token, setToken] = useState<string | null>(readUsableToken);
  const userQuery = useQuery({ ...currentUserQueryOptions(), enabled: token !== null });
  const user = token !== null ? (userQuery.data ?? null) : null;

  const clearSession = useCallback(() => {
    clearStoredSession();
    setToken(null);
    queryClient.removeQueries({ queryKey: authKeys.all });
    queryClient.removeQueries({ queryKey: subscriptionKeys.all });
  }, [queryClient]);

  // A failed user load signs the user out.
  const userLoadFailed = token !== null && userQuery.isError;
  useEffect(() => {
    if (userLoadFailed) clearSession();
  }, [userLoadFailed, clearSession]);

  // Any 401 has already removed the stored token: follow it, so guards see a signed-out user.
  useEffect(() => onUnauthorized(clearSession), [clearSession]);

  useEffect(() => {
    if (user) storeUser(user);
  }, [user]);

  const loadUser = useCallback(() => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }), [queryClient]);

  const startSession = useCallback(
    async (newToken: string): Promise<User> => {
      storeToken(newToken);
      queryClient.removeQueries({ queryKey: subscriptionKeys.all });
      try {
        const loaded = await loadUser();
        setToken(newToken);
        return loaded;
      } catch (error) {
        clearSession();
        throw error;
      }
    },
    [queryClient, loadUser, clearSession],
  );

  const login = useCallback(async (credentials: LoginRequest) => startSession((await loginRequest(credentials)).token), [startSession]);

  const register = useCallback(async (account: RegisterRequest) => startSession((await registerRequest(account)).token), [startSession]);

  const logout = useCallback(() => {
    clearSession();
    // Nothing of this user's server data may outlive the session.
    queryClient.clear();
  }, [clearSession, queryClient]);

  const checkSubscription = useCallback(async (): Promise<SubscriptionStatusResponse> => {
    const status = await queryClient.fetchQuery({ ...subscriptionStatusQueryOptions(), staleTime: 0 }).catch(() => INACTIVE);
    queryClient.setQueryData<User>(authKeys.currentUser(), (current) =>
      current
        ? {
            ...current,
            hasActiveSubscription: status.isActive === true,
            subscriptionId: status.subscriptionId,
            subscriptionStatus: status.status,
          }
        : current,
    );
    return status;
  }, [queryClient]);

  const refresh = useCallback(async () => {
    const stored = readUsableToken();
    if (stored === null) {
      clearSession();
      return;
    }
    setToken(stored);
    try {
      await loadUser();
    } catch {
      clearSession();
      return;
    }
    await checkSubscription();
  }, [clearSession, loadUser, checkSubscription]);

  const markEmailVerified = useCallback(
    (verifiedUser?: User) => {
      const key = authKeys.currentUser();
      // A user load still in flight may have been answered before the verification and would undo it: it is
      // dropped, and the user loaded again.
      void queryClient.cancelQueries({ queryKey: key }).then(() => {
        queryClient.setQueryData<User>(key, (current) =>
          current ? { ...current, ...(verifiedUser?._id === current._id ? verifiedUser : {}), isEmailVerified: true } : current,
        );
        return queryClient.invalidateQueries({ queryKey: key });
      });
    },
    [queryClient],
  );

  const session = useMemo<Session>(
    () => ({
      status: token === null ? 'anonymous' : user ? 'authenticated' : 'loading',
      user,
      isAuthenticated: user !== null,
      isEmailVerified: user?.isEmailVerified === true,
      hasActiveSubscription: user?.hasActiveSubscription === true,
      login,
      register,
      logout,
      refresh,
      checkSubscription,
      markEmailVerified,
    }),
    [token, user, login, register, logout, refresh, checkSubscription, markEmailVerified],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
