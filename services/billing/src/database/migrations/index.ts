import { CreateSubscriptions1763800000000 } from './1763800000000-create-subscriptions';
import { CheckoutCustomersWebhooks1764000000000 } from './1764000000000-checkout-customers-webhooks';

/** In order of application. */
export const billingMigrations = [CreateSubscriptions1763800000000, CheckoutCustomersWebhooks1764000000000];
