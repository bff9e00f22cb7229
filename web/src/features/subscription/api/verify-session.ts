import type { PaymentVerificationResponse } from '@pid/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CHECK_ONCE } from '../../../lib/query-client';
import { checkoutSessionKeys } from './query-keys';

/** GET /api/payments/verify-session/{sessionId}: whether the payment went through, and the subscription. */
export function verifyCheckoutSession(sessionId: string): Promise<PaymentVerificationResponse> {
  return apiRequest<PaymentVerificationResponse>(`/api/payments/verify-session/${encodeURIComponent(sessionId)}`);
}

export function checkoutSessionVerificationQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: checkoutSessionKeys.verification(sessionId),
    queryFn: () => verifyCheckoutSession(sessionId),
    ...CHECK_ONCE,
  });
}

export function useCheckoutSessionVerification(sessionId: string | null) {
  return useQuery({ ...checkoutSessionVerificationQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
