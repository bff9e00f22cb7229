import type { MessageResponse, ResetPasswordRequest } from '@pid/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/reset-password with the link's token and the new password. */
export function resetPassword(request: ResetPasswordRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/reset-password', { method: 'POST', body: request });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
