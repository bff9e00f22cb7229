import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger, isUuid } from '@pid/platform';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { ProductCatalogue } from '../catalogue/product-catalogue';
import { CheckoutSessionsStore } from '../checkout/checkout-sessions.store';
import type { SubscriptionRecord } from '../subscriptions/subscription-record';
import type { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { CustomerEntity } from './customer.entity';
import { idOf, STRIPE_CLIENT } from './stripe-client';

export const STRIPE_PROVIDER = 'stripe';

/** Expanded on every read, so that the profile can show the product and the card. */
const SUBSCRIPTION_EXPAND = ['default_payment_method', 'items.data.price.product'];

const toDate = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/** Fields that API versions before 2025-03-31 carried on the subscription rather than on its items. */
type LegacySubscriptionFields = { current_period_start?: number; current_period_end?: number };

/**
 * Keeps billing's copy of Stripe subscriptions. Whatever announced a change (webhook event, checkout
 * return), the subscription is read from Stripe's API as it is now, so that events arriving late or out
 * of order cannot roll the state back.
 */
@Injectable()
export class StripeSubscriptions {
  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | undefined,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(CheckoutSessionsStore) private readonly sessions: CheckoutSessionsStore,
    @Inject(ProductCatalogue) private readonly catalogue: ProductCatalogue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get client(): Stripe {
    if (!this.stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY is unset)');
    return this.stripe;
  }

  fetch(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.client.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND });
  }

  /**
   * Writes a subscription for its user: the one whose Stripe customer it is, else the one our checkout
   * named in its metadata or `client_reference_id`. Answers undefined for a subscription of nobody here.
   */
  async save(
    subscription: Stripe.Subscription,
    userHint: string | null | undefined,
    manager: EntityManager,
  ): Promise<SubscriptionEntity | undefined> {
    const customerId = idOf(subscription.customer) ?? null;
    const userId = await this.ownerOf(customerId, subscription.metadata?.userId, userHint, manager);
    if (!userId) {
      this.logger.warn({ subscription: subscription.id, customer: customerId }, 'a Stripe subscription of no known user was ignored');
      return undefined;
    }
    return this.subscriptions.save(this.toRecord(subscription, userId, customerId), manager);
  }

  /** A paid checkout: its subscription saved and our session marked complete, in the caller's transaction. */
  async saveCheckout(
    checkoutSessionId: string,
    subscription: Stripe.Subscription,
    userHint: string | null | undefined,
    manager: EntityManager,
  ): Promise<SubscriptionEntity | undefined> {
    const saved = await this.save(subscription, userHint, manager);
    const session = await this.sessions.find(STRIPE_PROVIDER, checkoutSessionId, manager);
    if (session) await this.sessions.complete(session.id, saved?.id ?? null, manager);
    return saved;
  }

  private async ownerOf(
    customerId: string | null,
    metadataUserId: string | undefined,
    userHint: string | null | undefined,
    manager: EntityManager,
  ): Promise<string | undefined> {
    if (customerId) {
      const customer = await manager.findOneBy(CustomerEntity, { provider: STRIPE_PROVIDER, providerCustomerId: customerId });
      if (customer) return customer.userId;
    }
    return [metadataUserId, userHint].find(isUuid);
  }

  private toRecord(subscription: Stripe.Subscription, userId: string, customerId: string | null): SubscriptionRecord {
    const item = subscription.items?.data?.[0];
    const price = item?.price;
    const product = price && typeof price.product === 'object' && !price.product.deleted ? price.product : undefined;
    const fallback = this.catalogue.product;
    const legacy = subscription as unknown as LegacySubscriptionFields;
    const paymentMethod = typeof subscription.default_payment_method === 'object' ? subscription.default_payment_method?.card : undefined;
    const productName = product?.name ?? fallback.name;
    return {
      userId,
      provider: STRIPE_PROVIDER,
      providerSubscriptionId: subscription.id,
      providerCustomerId: customerId,
      status: subscription.status,
      planName: price?.nickname ?? productName,
      planNickname: price?.nickname ?? null,
      priceId: price?.id ?? null,
      amount: price?.unit_amount ?? fallback.defaultPrice.unitAmount,
      currency: price?.currency ?? fallback.defaultPrice.currency,
      interval: price?.recurring?.interval ?? fallback.defaultPrice.recurringInterval,
      intervalCount: price?.recurring?.interval_count ?? fallback.defaultPrice.recurringIntervalCount,
      productName,
      productDescription: product ? (product.description ?? null) : fallback.description,
      paymentMethod: paymentMethod ? { brand: paymentMethod.brand, last4: paymentMethod.last4 } : null,
      currentPeriodStart: toDate(item?.current_period_start ?? legacy.current_period_start),
      currentPeriodEnd: toDate(item?.current_period_end ?? legacy.current_period_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
      cancelAt: toDate(subscription.cancel_at),
      canceledAt: toDate(subscription.canceled_at),
      endedAt: toDate(subscription.ended_at),
      createdAt: toDate(subscription.created) ?? new Date(),
    };
  }
}
