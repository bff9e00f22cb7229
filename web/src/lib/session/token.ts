import type { TokenPayload } from '@pid/contracts';

/** The payload of a signed login token, or null when `token` is not a string or cannot be decoded. */
export function decodeTokenPayload(token: unknown): Partial<TokenPayload> | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as Partial<TokenPayload>) : null;
  } catch {
    return null;
  }
}

/**
 * Spec §4: a token is expired when `exp × 1000` is not after the current time in milliseconds. A token
 * that is not a string, cannot be decoded or carries no numeric `exp` counts as expired (invalid).
 */
export function isTokenExpired(token: unknown, now: number = Date.now()): boolean {
  const exp = decodeTokenPayload(token)?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp * 1000 <= now;
}
