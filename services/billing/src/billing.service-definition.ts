import type { ServiceDefinition } from '@pid/platform';
import { billingMigrations } from './database/migrations';
import { billingEnvSchema, type BillingEnv } from './env';
import { SubscriptionEntity } from './subscriptions/subscription.entity';

export const billingServiceDefinition: ServiceDefinition<BillingEnv> = {
  name: 'billing',
  description: 'The plan, checkout, subscriptions and payment-provider webhooks.',
  envSchema: billingEnvSchema,
  database: { schema: 'billing', entities: [SubscriptionEntity], migrations: billingMigrations },
  modules: [],
};
