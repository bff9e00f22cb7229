import { BadGatewayException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ProductPrice } from '@pid/contracts';
import { LOGGER, SERVICE_ENV, type Logger, runSql } from '@pid/platform';
import type Stripe from 'stripe';
import { DataSource, type Repository } from 'typeorm';
import type { CheckoutSessionEntity } from '../checkout/checkout-session.entity';
import { CheckoutSessionsStore } from '../checkout/checkout-sessions.store';
import type { BillingEnv } from '../env';
import { MESSAGES } from '../messages';
import type { PaymentProvider, StartedCheckout } from '../providers/payment-provider';
import { SubscriptionEvents } from '../subscriptions/subscription-events';
import type { BillingUser } from '../users/user-lookup.client';
import { CustomerEntity } from './customer.entity';
import { idOf } from './stripe-client';
import { STRIPE_PROVIDER, StripeSubscriptions } from './stripe-subscriptions';

/**
 * Stripe Checkout in subscription mode, with one Stripe customer per user. Stripe returns the browser
 * to /payment-success?session_id={CHECKOUT_SESSION_ID}; webhooks keep the subscription current after.
 */
@Injectable()
export class StripePaymentProvider implements PaymentProvider {
  readonly name = STRIPE_PROVIDER;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: BillingEnv,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    @Inject(StripeSubscriptions) private readonly stripeSubscriptions: StripeSubscriptions,
    @Inject(CheckoutSessionsStore) private readonly sessions: CheckoutSessionsStore,
    @Inject(SubscriptionEvents) private readonly events: SubscriptionEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get stripe(): Stripe {
    return this.stripeSubscriptions.client;
  }

  async startCheckout(user: BillingUser, price: ProductPrice): Promise<StartedCheckout> {
    try {
      const customer = await this.customerFor(user);
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user._id,
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: `${this.env.PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${this.env.PUBLIC_URL}/checkout`,
        metadata: { userId: user._id },
        subscription_data: { metadata: { userId: user._id } },
      });
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { providerSessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    } catch (error) {
      this.logger.error({ err: error, userId: user._id }, 'Stripe did not open a checkout session');
      throw new BadGatewayException(MESSAGES.checkoutFailed);
    }
  }

  /** Asks Stripe how an open session went: paid (save its subscription), expired, or still open. */
  async refresh(session: CheckoutSessionEntity): Promise<void> {
    if (session.status !== 'open') return;
    let changedUser: string | undefined;
    try {
      const remote = await this.stripe.checkout.sessions.retrieve(session.providerSessionId);
      const subscriptionId = idOf(remote.subscription);
      if (remote.status === 'complete' && subscriptionId) {
        const subscription = await this.stripeSubscriptions.fetch(subscriptionId);
        const saved = await this.dataSource.transaction((manager) =>
          this.stripeSubscriptions.saveCheckout(session.providerSessionId, subscription, session.userId, manager),
        );
        changedUser = saved?.userId;
      } else if (remote.status === 'expired') {
        await this.sessions.close(session.id, 'expired');
      }
    } catch (error) {
      this.logger.error({ err: error, session: session.providerSessionId }, 'checking a checkout session with Stripe failed');
      throw new BadGatewayException(MESSAGES.verificationFailed);
    }
    if (changedUser) await this.events.changed(changedUser);
  }

  /**
   * The user's Stripe customer, created on first checkout. Stripe's idempotency key makes two
   * concurrent first checkouts of one user create one customer.
   */
  private async customerFor(user: BillingUser): Promise<string> {
    const known = await this.customers.findOneBy({ userId: user._id, provider: STRIPE_PROVIDER });
    if (known) return known.providerCustomerId;
    const created = await this.stripe.customers.create(
      { email: user.email, name: user.username, metadata: { userId: user._id } },
      { idempotencyKey: `pid-billing-customer-${user._id}` },
    );
    await runSql(
      this.dataSource.manager,
      'INSERT INTO customers (user_id, provider, provider_customer_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [user._id, STRIPE_PROVIDER, created.id],
    );
    return (await this.customers.findOneByOrFail({ userId: user._id, provider: STRIPE_PROVIDER })).providerCustomerId;
  }
}
