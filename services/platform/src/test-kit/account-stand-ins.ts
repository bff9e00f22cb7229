import { SUBJECTS, type SubscriptionLookupReply, type UserLookupReply, type UserLookupRequest } from '@pid/contracts';
import type { NatsConnection } from 'nats';
import type { Logger } from '../logging/logger';
import { answerRequests } from './nats-stand-in';

export interface AccountRules {
  /** Auth knows this user (otherwise it answers null). */
  isKnown(userId: string): boolean;
  isVerified(userId: string): boolean;
  /** Billing answers an active, unexpired subscription. */
  isSubscribed(userId: string): boolean;
}

/**
 * Answers the look-ups that `@SubscriberOnly()` makes, as auth and billing would, following `rules`.
 * For tests of services that sit behind the guard. Returns the teardown.
 */
export function standInForAuthAndBilling(nats: NatsConnection, logger: Logger, rules: AccountRules): () => Promise<void> {
  const stopAuth = answerRequests<UserLookupRequest, UserLookupReply>(nats, {
    subject: SUBJECTS.userLookup,
    queue: 'auth',
    logger,
    handler: async ({ userId = '' }) => ({
      user: rules.isKnown(userId)
        ? { _id: userId, username: 'tester', email: `${userId}@example.com`, isEmailVerified: rules.isVerified(userId) }
        : null,
    }),
  });
  const stopBilling = answerRequests<{ userId: string }, SubscriptionLookupReply>(nats, {
    subject: SUBJECTS.subscriptionLookup,
    queue: 'billing',
    logger,
    handler: async ({ userId = '' }) =>
      rules.isSubscribed(userId)
        ? { isActive: true, subscriptionId: `sub_${userId}`, status: 'active', currentPeriodEnd: '2999-01-01T00:00:00Z' }
        : { isActive: false, subscriptionId: null, status: null, currentPeriodEnd: null },
  });
  return async () => {
    await stopAuth();
    await stopBilling();
  };
}
