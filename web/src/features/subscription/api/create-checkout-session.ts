import type { CheckoutSessionResponse } from '@pid/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { leaveAppFor } from '../../../lib/browser-location';

/** POST /api/payments/create-checkout-session: the URL of the provider's hosted payment page. */
export function createCheckoutSession(priceId: string): Promise<CheckoutSessionResponse> {
  return apiRequest<CheckoutSessionResponse>('/api/payments/create-checkout-session', { method: 'POST', body: { priceId } });
}

/** On success the browser leaves the app for the payment page. */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => leaveAppFor(url),
  });
}
