import type { ProductPrice } from '@pid/contracts';
import type { CheckoutSessionEntity } from '../checkout/checkout-session.entity';
import type { PaymentProviderName } from '../env';
import type { BillingUser } from '../users/user-lookup.client';

/** The payment provider that the environment chose (`stripe` or `local`). */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

export interface StartedCheckout {
  providerSessionId: string;
  /** The provider's hosted payment page. */
  url: string;
  expiresAt: Date;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens a hosted checkout for one subscription to `price`. */
  startCheckout(user: BillingUser, price: ProductPrice): Promise<StartedCheckout>;
  /**
   * Brings a session that is still open here up to date with the provider (with Stripe the browser
   * can be back before the webhook), and announces a subscription change it makes.
   */
  refresh(session: CheckoutSessionEntity): Promise<void>;
}
