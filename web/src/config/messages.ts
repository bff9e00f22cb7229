/** Notices that one page hands to another through navigation state (spec §4 "Route guards"). */
export const GUARD_MESSAGES = {
  subscriptionRequired: 'Subscription required to access this feature',
  loginForPayment: 'Please log in to continue with payment',
  alreadySubscribed: 'You already have an active subscription.',
} as const;
