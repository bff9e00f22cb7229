import type { User } from '@pid/contracts';
import { TOKEN_STORAGE_KEY } from '../api-client';
import { isTokenExpired } from './token';

/** localStorage key of the copy of the signed-in user (spec §3). */
const USER_STORAGE_KEY = 'user';

/** The stored login token if there is one and it has not expired; an expired one is removed. */
export function readUsableToken(): string | null {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token === null) return null;
  if (isTokenExpired(token)) {
    clearStoredSession();
    return null;
  }
  return token;
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function storeUser(user: User): void {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

/** Removes both stored items (logout, expired token, failed user load). */
export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(USER_STORAGE_KEY);
}
