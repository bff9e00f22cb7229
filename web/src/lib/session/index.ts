export { useSubscriptionStatus, subscriptionStatusQueryOptions, getSubscriptionStatus } from './api/get-subscription-status';
export { authKeys, subscriptionKeys } from './api/query-keys';
export { useSession, type Session, type SessionStatus } from './session-context';
export { SessionProvider } from './session-provider';
export { isTokenExpired, decodeTokenPayload } from './token';
export { readUsableToken } from './session-storage';
