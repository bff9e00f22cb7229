import type { LoginRequest, RegisterRequest, SubscriptionStatusResponse, User } from '@pid/contracts';
import { createContext, useContext } from 'react';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** The signed-in user and what can be done with the session (spec §4 "Session"). */
export interface Session {
  /** `loading` while a stored token's user is being fetched. */
  status: SessionStatus;
  user: User | null;
  isAuthenticated: boolean;
  isEmailVerified: boolean;
  hasActiveSubscription: boolean;
  /** Logs in, stores the token and loads the user; rejects with the server's ApiError. */
  login(credentials: LoginRequest): Promise<User>;
  /** Creates the account, stores the token and loads the user; rejects with the server's ApiError. */
  register(account: RegisterRequest): Promise<User>;
  /** Clears user, token and flags, and both stored items. The caller navigates (to /). */
  logout(): void;
  /** Re-reads the stored token: signs out if it is missing or expired, else reloads the user and the subscription. */
  refresh(): Promise<void>;
  /** Asks billing for the subscription state and records it on the user; a failed check counts as inactive. */
  checkSubscription(): Promise<SubscriptionStatusResponse>;
  /** After a successful e-mail verification. */
  markEmailVerified(verifiedUser?: User): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
