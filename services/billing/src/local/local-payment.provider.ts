import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ProductPrice } from '@pid/contracts';
import { SERVICE_ENV, lockUntilCommit } from '@pid/platform';
import { DataSource } from 'typeorm';
import { ProductCatalogue } from '../catalogue/product-catalogue';
import type { CheckoutSessionEntity } from '../checkout/checkout-session.entity';
import { CheckoutSessionsStore } from '../checkout/checkout-sessions.store';
import type { BillingEnv } from '../env';
import type { PaymentProvider, StartedCheckout } from '../providers/payment-provider';
import { periodEnd } from '../subscriptions/billing-period';
import { SubscriptionEvents } from '../subscriptions/subscription-events';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { BillingUser } from '../users/user-lookup.client';

export const LOCAL_PROVIDER = 'local';
/** Like Stripe's: `cs_test_` and 256 random bits, the only key to the session's checkout page. */
const SESSION_ID_PREFIX = 'cs_test_';
/** Stripe Checkout sessions expire after 24 hours; these do too. */
export const LOCAL_SESSION_TTL_MS = 24 * 3600 * 1000;
/** The card the test page "charges" (Stripe's test Visa). */
export const TEST_CARD = { brand: 'visa', last4: '4242' } as const;

export type PayOutcome =
  | { kind: 'paid'; session: CheckoutSessionEntity }
  | { kind: 'not-found' }
  | { kind: 'closed'; session: CheckoutSessionEntity }
  | { kind: 'already-subscribed'; session: CheckoutSessionEntity };

export type CancelOutcome = { kind: 'canceled' | 'paid' | 'closed'; session: CheckoutSessionEntity } | { kind: 'not-found' };

export function testCheckoutPath(providerSessionId: string): string {
  return `/api/payments/test-checkout/${encodeURIComponent(providerSessionId)}`;
}

/**
 * The offline test-mode provider: billing itself plays the hosted checkout (a page under
 * /api/payments/test-checkout/:sessionId). The browser reaches that page by top-level navigation
 * without the login token, so the session id is the capability: 256 random bits, unguessable, and
 * each session can be paid or canceled once.
 */
@Injectable()
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = LOCAL_PROVIDER;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: BillingEnv,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CheckoutSessionsStore) private readonly sessions: CheckoutSessionsStore,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(SubscriptionEvents) private readonly events: SubscriptionEvents,
    @Inject(ProductCatalogue) private readonly catalogue: ProductCatalogue,
  ) {}

  async startCheckout(_user: BillingUser, _price: ProductPrice): Promise<StartedCheckout> {
    const providerSessionId = `${SESSION_ID_PREFIX}${randomBytes(32).toString('base64url')}`;
    return {
      providerSessionId,
      url: `${this.env.PUBLIC_URL}${testCheckoutPath(providerSessionId)}`,
      expiresAt: new Date(Date.now() + LOCAL_SESSION_TTL_MS),
    };
  }

  /** Nothing to ask anyone: only an open session past its expiry changes (to expired). */
  async refresh(session: CheckoutSessionEntity): Promise<void> {
    if (session.status === 'open' && session.expiresAt.getTime() <= Date.now()) await this.sessions.close(session.id, 'expired');
  }

  /** The session behind a test checkout page, with its expiry applied. */
  async pageSession(providerSessionId: string): Promise<CheckoutSessionEntity | null> {
    const session = await this.sessions.find(LOCAL_PROVIDER, providerSessionId);
    if (!session) return null;
    await this.refresh(session);
    return this.sessions.find(LOCAL_PROVIDER, providerSessionId);
  }

  /**
   * Pay: the session becomes complete and the user gets an active subscription for one period, in one
   * transaction. Paying a paid session again changes nothing; a closed or expired one cannot be paid.
   */
  async pay(providerSessionId: string): Promise<PayOutcome> {
    let paidNow = false;
    const outcome = await this.dataSource.transaction(async (manager): Promise<PayOutcome> => {
      const session = await this.sessions.findForUpdate(LOCAL_PROVIDER, providerSessionId, manager);
      if (!session) return { kind: 'not-found' };
      if (session.status === 'complete') return { kind: 'paid', session };
      if (session.status !== 'open') return { kind: 'closed', session };
      if (session.expiresAt.getTime() <= Date.now()) {
        await this.sessions.close(session.id, 'expired', manager);
        return { kind: 'closed', session };
      }
      // Two sessions of one user paid at once must not give two subscriptions.
      await lockUntilCommit(manager, `billing:user:${session.userId}`);
      if (await this.subscriptions.hasActive(session.userId, manager)) {
        await this.sessions.close(session.id, 'canceled', manager);
        return { kind: 'already-subscribed', session };
      }
      const { product } = this.catalogue;
      const price = this.catalogue.findPrice(session.priceId) ?? product.defaultPrice;
      const start = new Date();
      const subscription = await this.subscriptions.save(
        {
          userId: session.userId,
          provider: LOCAL_PROVIDER,
          providerSubscriptionId: `sub_test_${randomBytes(12).toString('hex')}`,
          providerCustomerId: null,
          status: 'active',
          planName: product.name,
          planNickname: null,
          priceId: price.id,
          amount: price.unitAmount,
          currency: price.currency,
          interval: price.recurringInterval,
          intervalCount: price.recurringIntervalCount,
          productName: product.name,
          productDescription: product.description,
          paymentMethod: { ...TEST_CARD },
          currentPeriodStart: start,
          currentPeriodEnd: periodEnd(start, price),
          cancelAtPeriodEnd: false,
          cancelAt: null,
          canceledAt: null,
          endedAt: null,
          createdAt: start,
        },
        manager,
      );
      await this.sessions.complete(session.id, subscription.id, manager);
      paidNow = true;
      return { kind: 'paid', session: { ...session, status: 'complete', subscriptionId: subscription.id } };
    });
    if (paidNow && outcome.kind === 'paid') await this.events.changed(outcome.session.userId);
    return outcome;
  }

  /** Cancel: an open session closes and nothing is charged; the user stays as they were. */
  async cancel(providerSessionId: string): Promise<CancelOutcome> {
    const session = await this.sessions.find(LOCAL_PROVIDER, providerSessionId);
    if (!session) return { kind: 'not-found' };
    if (await this.sessions.close(session.id, 'canceled')) return { kind: 'canceled', session };
    const now = await this.sessions.find(LOCAL_PROVIDER, providerSessionId);
    return { kind: now?.status === 'complete' ? 'paid' : 'closed', session: now ?? session };
  }
}
