import type { MessageResponse, User } from '@pid/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface EmailVerifiedResponse extends MessageResponse {
  user?: User;
}

/** GET /api/auth/verify-email/{token}: each link works once, so it is a mutation, not a cached query. */
export function verifyEmail(token: string): Promise<EmailVerifiedResponse> {
  return apiRequest<EmailVerifiedResponse>(`/api/auth/verify-email/${encodeURIComponent(token)}`);
}

export function useVerifyEmail(options: { onSuccess?: (response: EmailVerifiedResponse) => void } = {}) {
  return useMutation({ mutationFn: verifyEmail, onSuccess: options.onSuccess });
}
