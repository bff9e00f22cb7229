import type { RegisterRequest, TokenResponse } from '@pid/contracts';
import { apiRequest } from '../../api-client';

/** POST /api/auth/register; a failure carries the server's body (`{ msg }`) in its ApiError. */
export function register(account: RegisterRequest): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/api/auth/register', { method: 'POST', body: account });
}
