import { Inject, Injectable } from '@nestjs/common';
import type { SubscriptionInfo, SubscriptionLookupReply, SubscriptionStatusResponse } from '@pid/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { SubscriptionRecord } from './subscription-record';
import { SubscriptionEntity } from './subscription.entity';
import { runSql } from '@pid/platform';

/** Provider statuses that grant access while the paid period lasts. */
const ACTIVE_STATUSES = new Set(['active', 'trialing']);

/** Active means an active status and a period that has not ended: expiry at `current_period_end` is honoured. */
export function isActiveAt(subscription: Pick<SubscriptionEntity, 'status' | 'currentPeriodEnd'>, now = new Date()): boolean {
  if (!ACTIVE_STATUSES.has(subscription.status)) return false;
  return subscription.currentPeriodEnd === null || subscription.currentPeriodEnd.getTime() > now.getTime();
}

/** The subscription that describes a user now: the newest active one, else the newest one. */
export function currentOf(history: SubscriptionEntity[], now = new Date()): SubscriptionEntity | undefined {
  return history.find((subscription) => isActiveAt(subscription, now)) ?? history[0];
}

/** The profile page's row (spec §3): plan, amount in minor units, period, product, card. */
export function toSubscriptionInfo(subscription: SubscriptionEntity): SubscriptionInfo {
  const iso = (date: Date | null) => date?.toISOString();
  return {
    subscriptionId: subscription.providerSubscriptionId,
    status: subscription.status,
    plan: {
      nickname: subscription.planNickname ?? subscription.planName,
      amount: subscription.amount,
      currency: subscription.currency,
      interval: subscription.interval,
    },
    product: {
      name: subscription.productName ?? subscription.planName,
      ...(subscription.productDescription ? { description: subscription.productDescription } : {}),
    },
    payment_method:
      subscription.paymentMethodBrand && subscription.paymentMethodLast4
        ? { brand: subscription.paymentMethodBrand, last4: subscription.paymentMethodLast4 }
        : null,
    current_period_start: iso(subscription.currentPeriodStart),
    current_period_end: iso(subscription.currentPeriodEnd),
    created: subscription.createdAt.toISOString(),
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: iso(subscription.canceledAt) ?? null,
  };
}

export function toLookupReply(current: SubscriptionEntity | undefined, now = new Date()): SubscriptionLookupReply {
  return {
    isActive: current ? isActiveAt(current, now) : false,
    subscriptionId: current?.providerSubscriptionId ?? null,
    status: current?.status ?? null,
    currentPeriodEnd: current?.currentPeriodEnd?.toISOString() ?? null,
  };
}

/** Subscription state in billing's schema: reads for the API and NATS, and the one write path. */
@Injectable()
export class SubscriptionsService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** All of a user's subscriptions, newest first. */
  history(userId: string, manager: EntityManager = this.dataSource.manager): Promise<SubscriptionEntity[]> {
    return manager.find(SubscriptionEntity, { where: { userId }, order: { createdAt: 'DESC', updatedAt: 'DESC' } });
  }

  async lookup(userId: string): Promise<SubscriptionLookupReply> {
    return toLookupReply(currentOf(await this.history(userId)));
  }

  async status(userId: string): Promise<SubscriptionStatusResponse> {
    const history = await this.history(userId);
    const current = currentOf(history);
    const { isActive, subscriptionId, status } = toLookupReply(current);
    return {
      isActive,
      subscriptionId,
      status,
      ...(current ? { subscription: toSubscriptionInfo(current) } : {}),
      history: history.map(toSubscriptionInfo),
    } satisfies SubscriptionStatusResponse;
  }

  async hasActive(userId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return (await this.history(userId, manager)).some((subscription) => isActiveAt(subscription));
  }

  /**
   * Creates or updates a subscription by its provider id, atomically. The owner and creation time
   * never change once written; a record without a card keeps the card on file.
   */
  async save(record: SubscriptionRecord, manager: EntityManager = this.dataSource.manager): Promise<SubscriptionEntity> {
    const { rows } = await runSql<{ id: string }>(
      manager,
      `INSERT INTO subscriptions (
         user_id, provider, provider_subscription_id, provider_customer_id, status, plan_name, plan_nickname, price_id,
         amount, currency, interval, interval_count, product_name, product_description, payment_method_brand,
         payment_method_last4, current_period_start, current_period_end, cancel_at_period_end, cancel_at, canceled_at,
         ended_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, now())
       ON CONFLICT (provider_subscription_id) DO UPDATE SET
         provider_customer_id = COALESCE(EXCLUDED.provider_customer_id, subscriptions.provider_customer_id),
         status = EXCLUDED.status,
         plan_name = EXCLUDED.plan_name,
         plan_nickname = EXCLUDED.plan_nickname,
         price_id = EXCLUDED.price_id,
         amount = EXCLUDED.amount,
         currency = EXCLUDED.currency,
         interval = EXCLUDED.interval,
         interval_count = EXCLUDED.interval_count,
         product_name = EXCLUDED.product_name,
         product_description = EXCLUDED.product_description,
         payment_method_brand = COALESCE(EXCLUDED.payment_method_brand, subscriptions.payment_method_brand),
         payment_method_last4 = COALESCE(EXCLUDED.payment_method_last4, subscriptions.payment_method_last4),
         current_period_start = EXCLUDED.current_period_start,
         current_period_end = EXCLUDED.current_period_end,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         cancel_at = EXCLUDED.cancel_at,
         canceled_at = EXCLUDED.canceled_at,
         ended_at = EXCLUDED.ended_at,
         updated_at = now()
       RETURNING id`,
      [
        record.userId,
        record.provider,
        record.providerSubscriptionId,
        record.providerCustomerId,
        record.status,
        record.planName,
        record.planNickname,
        record.priceId,
        record.amount,
        record.currency,
        record.interval,
        record.intervalCount,
        record.productName,
        record.productDescription,
        record.paymentMethod?.brand ?? null,
        record.paymentMethod?.last4 ?? null,
        record.currentPeriodStart,
        record.currentPeriodEnd,
        record.cancelAtPeriodEnd,
        record.cancelAt,
        record.canceledAt,
        record.endedAt,
        record.createdAt,
      ],
    );
    return manager.findOneByOrFail(SubscriptionEntity, { id: rows[0]!.id });
  }
}
