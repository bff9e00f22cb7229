import { Inject, Injectable } from '@nestjs/common';
import { SUBJECTS, type SubscriptionChangedEvent } from '@pid/contracts';
import { encodeJson, LOGGER, NATS_CONNECTION, type Logger } from '@pid/platform';
import type { NatsConnection } from 'nats';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Tells the other services that a user's subscription changed (`SubscriptionChangedEvent`, core NATS).
 * The event carries the user's whole state as billing now answers look-ups, so consumers need not ask.
 */
@Injectable()
export class SubscriptionEvents {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** After a committed change; a failure is logged, never thrown: the change itself stands. */
  async changed(userId: string): Promise<void> {
    try {
      const event: SubscriptionChangedEvent = { userId, ...(await this.subscriptions.lookup(userId)) };
      this.nats.publish(SUBJECTS.subscriptionChanged, encodeJson(event));
      this.logger.info({ userId, status: event.status, isActive: event.isActive }, 'subscription changed');
    } catch (error) {
      this.logger.error({ err: error, userId }, 'publishing a subscription change failed');
    }
  }
}
