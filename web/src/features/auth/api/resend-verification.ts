import type { MessageResponse } from '@pid/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/resend-verification: mails the signed-in user a new link. */
export function resendVerification(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/resend-verification', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
