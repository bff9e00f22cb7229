import { SUBJECTS, type SubscriptionLookupReply, type SubscriptionLookupRequest } from '@pid/contracts';
import { answerRequests, type ServiceContext, isUuid } from '@pid/platform';
import type { BillingEnv } from '../env';
import { SubscriptionsService, toLookupReply } from './subscriptions.service';

/**
 * Answers other services' subscription look-ups (`SubscriptionLookupRequest` → `SubscriptionLookupReply`);
 * an unknown or malformed user id answers "no subscription". Returns the teardown.
 */
export function answerSubscriptionLookups(context: ServiceContext<BillingEnv>): () => Promise<void> {
  const subscriptions = new SubscriptionsService(context.dataSource);
  return answerRequests<SubscriptionLookupRequest, SubscriptionLookupReply>(context.nats, {
    subject: SUBJECTS.subscriptionLookup,
    queue: 'billing',
    logger: context.logger,
    handler: async ({ userId }) => (isUuid(userId) ? subscriptions.lookup(userId) : toLookupReply(undefined)),
  });
}
