import type { VerifyResetTokenResponse } from '@pid/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CHECK_ONCE } from '../../../lib/query-client';
import { passwordResetKeys } from './query-keys';

/** GET /api/auth/verify-reset-token/{token}: `{ valid: true }`, or 400 for an unknown, used or expired link. */
export function verifyResetToken(token: string): Promise<VerifyResetTokenResponse> {
  return apiRequest<VerifyResetTokenResponse>(`/api/auth/verify-reset-token/${encodeURIComponent(token)}`);
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: passwordResetKeys.token(token),
    queryFn: () => verifyResetToken(token),
    ...CHECK_ONCE,
  });
}

/** A missing token needs no call: it is invalid. */
export function useResetTokenValidity(token: string | null) {
  return useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
}
