import type { ServiceDefinition } from '@pid/platform';
import { BillingModule } from './billing.module';
import { CheckoutSessionEntity } from './checkout/checkout-session.entity';
import { billingMigrations } from './database/migrations';
import { billingEnvSchema, paymentProviderName, type BillingEnv } from './env';
import { CustomerEntity } from './stripe/customer.entity';
import { SubscriptionEntity } from './subscriptions/subscription.entity';

export const billingServiceDefinition: ServiceDefinition<BillingEnv> = {
  name: 'billing',
  description: 'The plan, checkout, subscriptions and payment-provider webhooks.',
  envSchema: billingEnvSchema,
  database: {
    schema: 'billing',
    entities: [SubscriptionEntity, CheckoutSessionEntity, CustomerEntity],
    migrations: billingMigrations,
  },
  modules: [BillingModule],
  onStart: async (context) => {
    const provider = paymentProviderName(context.env);
    if (provider === 'local')
      context.logger.warn('payments run in TEST MODE: the checkout page takes no real payment (set STRIPE_SECRET_KEY)');
    else context.logger.info('payments run through Stripe Checkout');
  },
};
