/** A subscription as a provider describes it; what `SubscriptionsService.save` writes. */
export interface SubscriptionRecord {
  userId: string;
  provider: 'stripe' | 'local';
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  status: string;
  planName: string;
  planNickname: string | null;
  priceId: string | null;
  /** Minor currency units. */
  amount: number;
  currency: string;
  interval: string;
  intervalCount: number;
  productName: string | null;
  productDescription: string | null;
  /** Null keeps the card already on record (an event without the payment method expanded). */
  paymentMethod: { brand: string; last4: string } | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  /** When the provider created it; it orders the history. */
  createdAt: Date;
}
