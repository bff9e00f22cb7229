import type { SubscriptionStatusResponse } from '@pid/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { subscriptionKeys } from './query-keys';

/** GET /api/payments/subscription-status: whether the user's subscription is active, with its history. */
export function getSubscriptionStatus(): Promise<SubscriptionStatusResponse> {
  return apiRequest<SubscriptionStatusResponse>('/api/payments/subscription-status');
}

export function subscriptionStatusQueryOptions() {
  return queryOptions({
    queryKey: subscriptionKeys.status(),
    queryFn: getSubscriptionStatus,
  });
}

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions());
}
