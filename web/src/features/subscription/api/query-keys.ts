/** Query-key factories of billing's products and checkout sessions. */
export const productKeys = {
  all: ['products'] as const,
  detail: (productId: string) => [...productKeys.all, 'detail', productId] as const,
};

export const checkoutSessionKeys = {
  all: ['checkout-sessions'] as const,
  verification: (sessionId: string) => [...checkoutSessionKeys.all, 'verification', sessionId] as const,
};
