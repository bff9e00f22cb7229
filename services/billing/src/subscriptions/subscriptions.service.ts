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

/** What a save never overwrites: the owner, the provider and its id, and when the provider created it. */
const WRITTEN_ONCE: ReadonlySet<keyof SubscriptionEntity> = new Set(['userId', 'provider', 'providerSubscriptionId', 'createdAt']);
/** What a save leaves as stored when the record has none (null): the provider's customer and the card. */
const KEPT_WHEN_NULL: ReadonlySet<keyof SubscriptionEntity> = new Set(['providerCustomerId', 'paymentMethodBrand', 'paymentMethodLast4']);

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
    const { paymentMethod, ...fields } = record;
    const row: Partial<Record<keyof SubscriptionEntity, unknown>> = {
      ...fields,
      paymentMethodBrand: paymentMethod?.brand ?? null,
      paymentMethodLast4: paymentMethod?.last4 ?? null,
    };
    const properties = Object.keys(row) as Array<keyof SubscriptionEntity>;
    // The entity names each property's column: the statement is written from the row, its columns and parameters in step.
    const metadata = manager.connection.getMetadata(SubscriptionEntity);
    const column = (property: string) => metadata.findColumnWithPropertyName(property)!.databaseName;
    const updates = properties
      .filter((property) => !WRITTEN_ONCE.has(property))
      .map((property) => {
        const name = column(property);
        return KEPT_WHEN_NULL.has(property) ? `${name} = COALESCE(EXCLUDED.${name}, subscriptions.${name})` : `${name} = EXCLUDED.${name}`;
      });
    const { rows } = await runSql<{ id: string }>(
      manager,
      `INSERT INTO subscriptions (${properties.map(column).join(', ')}, updated_at)
       VALUES (${properties.map((_, index) => `$${index + 1}`).join(', ')}, now())
       ON CONFLICT (provider_subscription_id) DO UPDATE SET ${[...updates, 'updated_at = now()'].join(', ')}
       RETURNING id`,
      properties.map((property) => row[property]),
    );
    return manager.findOneByOrFail(SubscriptionEntity, { id: rows[0]!.id });
  }
}
