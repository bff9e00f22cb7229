import type { LoginRequest, TokenResponse } from '@pid/contracts';
import { apiRequest } from '../../api-client';

/** POST /api/auth/login; a failure carries the server's body (`{ msg }`) in its ApiError. */
export function login(credentials: LoginRequest): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/api/auth/login', { method: 'POST', body: credentials });
}
