import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { LOGGER, SERVICE_ENV, type Logger, runSql } from '@pid/platform';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { BillingEnv } from '../env';
import { MESSAGES } from '../messages';
import { SubscriptionEvents } from '../subscriptions/subscription-events';
import { idOf, STRIPE_CLIENT } from './stripe-client';
import { STRIPE_PROVIDER, StripeSubscriptions } from './stripe-subscriptions';

export const HANDLED_EVENT_TYPES = new Set<string>([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export interface WebhookReceipt {
  received: true;
  /** This event id was processed before; nothing was done again. */
  duplicate?: true;
  /** An event type billing does not act on. */
  ignored?: true;
}

/** What an event asks for: re-read this subscription, for this user, maybe completing this checkout. */
interface EventWork {
  subscriptionId: string;
  userHint?: string | null;
  checkoutSessionId?: string;
}

/** Invoices name their subscription under `parent` since API 2025-03-31, at the top level before. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | undefined {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
}

function workFor(event: Stripe.Event): EventWork | undefined {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      return subscriptionId ? { subscriptionId, userHint: session.client_reference_id, checkoutSessionId: session.id } : undefined;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(event.data.object);
      return subscriptionId ? { subscriptionId } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Stripe's webhook: the signature is checked over the raw bytes with STRIPE_WEBHOOK_SECRET, then each
 * event id is applied once. Applying means re-reading the subscription from Stripe and saving it,
 * recorded in the same transaction as the event id; a failure answers 500, so that Stripe retries.
 */
@Injectable()
export class StripeWebhooks {
  constructor(
    @Inject(SERVICE_ENV) private readonly env: BillingEnv,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | undefined,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(StripeSubscriptions) private readonly stripeSubscriptions: StripeSubscriptions,
    @Inject(SubscriptionEvents) private readonly events: SubscriptionEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The event, when the signature over `rawBody` is valid and recent (Stripe's default tolerance, 5 minutes). */
  verify(rawBody: Buffer | undefined, signature: string | string[] | undefined): Stripe.Event {
    if (!this.stripe || !this.env.STRIPE_WEBHOOK_SECRET) throw new NotFoundException(MESSAGES.webhooksDisabled);
    if (!rawBody || typeof signature !== 'string' || signature.length === 0)
      throw new BadRequestException(MESSAGES.invalidWebhookSignature);
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.env.STRIPE_WEBHOOK_SECRET);
    } catch (error) {
      this.logger.warn({ reason: (error as Error).message }, 'a webhook with an invalid signature was refused');
      throw new BadRequestException(MESSAGES.invalidWebhookSignature);
    }
  }

  async process(event: Stripe.Event): Promise<WebhookReceipt> {
    if (!HANDLED_EVENT_TYPES.has(event.type)) return { received: true, ignored: true };
    if (await this.seen(event.id)) return { received: true, duplicate: true };
    const work = workFor(event);
    // Outside the transaction: no database connection waits on Stripe.
    const subscription = work ? await this.stripeSubscriptions.fetch(work.subscriptionId) : undefined;
    const outcome = await this.dataSource.transaction(async (manager) => {
      const { rows } = await runSql(
        manager,
        'INSERT INTO processed_webhook_events (event_id, provider, type) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING RETURNING event_id',
        [event.id, STRIPE_PROVIDER, event.type],
      );
      // A concurrent delivery of the same event got here first.
      if (rows.length === 0) return { duplicate: true as const };
      if (!work || !subscription) return {};
      const saved = work.checkoutSessionId
        ? await this.stripeSubscriptions.saveCheckout(work.checkoutSessionId, subscription, work.userHint, manager)
        : await this.stripeSubscriptions.save(subscription, work.userHint, manager);
      return { userId: saved?.userId };
    });
    if ('duplicate' in outcome) return { received: true, duplicate: true };
    this.logger.info({ event: event.id, type: event.type }, 'Stripe event processed');
    if (outcome.userId) await this.events.changed(outcome.userId);
    return { received: true };
  }

  private async seen(eventId: string): Promise<boolean> {
    const { rows } = await runSql(this.dataSource.manager, 'SELECT 1 FROM processed_webhook_events WHERE event_id = $1', [eventId]);
    return rows.length > 0;
  }
}
