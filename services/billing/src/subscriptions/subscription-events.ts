import { Inject, Injectable } from '@nestjs/common';
import { SUBJECTS, type SubscriptionChangedEvent } from '@pid/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { emitEvent, LOGGER, NATS_CLIENT, type Logger } from '@pid/platform';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Tells the other services that a user's subscription changed (`SubscriptionChangedEvent`, an event through
 * Nest's NATS client, plain JSON on core NATS).
 * The event carries the user's whole state as billing now answers look-ups, so consumers need not ask.
 */
@Injectable()
export class SubscriptionEvents {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** After a committed change; a failure is logged, never thrown: the change itself stands. */
  async changed(userId: string): Promise<void> {
    try {
      const event: SubscriptionChangedEvent = { userId, ...(await this.subscriptions.lookup(userId)) };
      await emitEvent(this.nats, SUBJECTS.subscriptionChanged, event);
      this.logger.info({ userId, status: event.status, isActive: event.isActive }, 'subscription changed');
    } catch (error) {
      this.logger.error({ err: error, userId }, 'publishing a subscription change failed');
    }
  }
}
