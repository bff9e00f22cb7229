import { CreateSubscriptions1763800000000 } from './1763800000000-create-subscriptions';

/** In order of application. */
export const billingMigrations = [CreateSubscriptions1763800000000];
