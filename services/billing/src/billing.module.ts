import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_ENV } from '@pid/platform';
import { ProductCatalogue } from './catalogue/product-catalogue';
import { ProductsController } from './catalogue/products.controller';
import { CheckoutController } from './checkout/checkout.controller';
import { CheckoutService } from './checkout/checkout.service';
import { CheckoutSessionEntity } from './checkout/checkout-session.entity';
import { CheckoutSessionsStore } from './checkout/checkout-sessions.store';
import { paymentProviderName, type BillingEnv } from './env';
import { LocalPaymentProvider } from './local/local-payment.provider';
import { TestCheckoutController } from './local/test-checkout.controller';
import { PAYMENT_PROVIDER } from './providers/payment-provider';
import { CustomerEntity } from './stripe/customer.entity';
import { createStripeClient, STRIPE_CLIENT } from './stripe/stripe-client';
import { StripePaymentProvider } from './stripe/stripe-payment.provider';
import { StripeSubscriptions } from './stripe/stripe-subscriptions';
import { StripeWebhookController } from './stripe/stripe-webhook.controller';
import { StripeWebhooks } from './stripe/stripe-webhooks.service';
import { SubscriptionEntity } from './subscriptions/subscription.entity';
import { SubscriptionEvents } from './subscriptions/subscription-events';
import { SubscriptionLookupResponder } from './subscriptions/subscription-lookup.responder';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { UserLookupClient } from './users/user-lookup.client';

/** The plan, checkout with Stripe or the offline test mode, subscriptions and Stripe webhooks. */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity, CheckoutSessionEntity, CustomerEntity])],
  controllers: [
    ProductsController,
    CheckoutController,
    SubscriptionsController,
    StripeWebhookController,
    TestCheckoutController,
    SubscriptionLookupResponder,
  ],
  providers: [
    ProductCatalogue,
    CheckoutService,
    CheckoutSessionsStore,
    LocalPaymentProvider,
    StripePaymentProvider,
    StripeSubscriptions,
    StripeWebhooks,
    SubscriptionEvents,
    SubscriptionsService,
    UserLookupClient,
    { provide: STRIPE_CLIENT, inject: [SERVICE_ENV], useFactory: (env: BillingEnv) => createStripeClient(env) },
    {
      provide: PAYMENT_PROVIDER,
      inject: [SERVICE_ENV, LocalPaymentProvider, StripePaymentProvider],
      useFactory: (env: BillingEnv, local: LocalPaymentProvider, stripe: StripePaymentProvider) =>
        paymentProviderName(env) === 'stripe' ? stripe : local,
    },
  ],
})
export class BillingModule {}
