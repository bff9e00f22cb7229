import type { SubscriptionLookupReply, User, UserLookupReply } from '@pid/contracts';
import type { UserEntity } from './user.entity';

export type UserSummary = NonNullable<UserLookupReply['user']>;

/** What other services may know of an account: never a hash, never the normalised key. */
export function toUserSummary(user: UserEntity): UserSummary {
  return { _id: user.id, username: user.username, email: user.email, isEmailVerified: user.isEmailVerified };
}

/** The account as the web app sees it (spec §3): the summary plus billing's view of the subscription. */
export function toPublicUser(user: UserEntity, subscription: SubscriptionLookupReply | undefined): User {
  const summary = toUserSummary(user);
  if (!subscription) return { ...summary, hasActiveSubscription: false };
  return {
    ...summary,
    hasActiveSubscription: subscription.isActive,
    subscriptionId: subscription.subscriptionId,
    subscriptionStatus: subscription.status,
  };
}
