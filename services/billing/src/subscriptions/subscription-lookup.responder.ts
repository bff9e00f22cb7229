import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type SubscriptionLookupReply, type SubscriptionLookupRequest } from '@pid/contracts';
import { isUuid } from '@pid/platform';
import { SubscriptionsService, toLookupReply } from './subscriptions.service';

/**
 * Answers other services' subscription look-ups over NATS (`SubscriptionLookupRequest` → `SubscriptionLookupReply`);
 * an unknown or malformed user id answers "no subscription".
 */
@Controller()
export class SubscriptionLookupResponder {
  constructor(@Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService) {}

  @MessagePattern(SUBJECTS.subscriptionLookup)
  lookUp(@Payload() { userId }: Partial<SubscriptionLookupRequest>): Promise<SubscriptionLookupReply> {
    return isUuid(userId) ? this.subscriptions.lookup(userId) : Promise.resolve(toLookupReply(undefined));
  }
}
