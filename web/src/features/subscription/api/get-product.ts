import type { Product } from '@pid/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from './query-keys';

/** GET /api/payments/products/{productId}: the plan with its default price. */
export function getProduct(productId: string): Promise<Product | null> {
  return apiRequest<Product | null>(`/api/payments/products/${encodeURIComponent(productId)}`);
}

export function productQueryOptions(productId: string) {
  return queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: () => getProduct(productId),
    staleTime: 5 * 60_000,
  });
}

export function useProduct(productId: string) {
  return useQuery(productQueryOptions(productId));
}
