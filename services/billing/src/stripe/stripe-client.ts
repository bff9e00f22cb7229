import Stripe from 'stripe';
import type { BillingEnv } from '../env';

/** The Stripe SDK client, or undefined in the offline test mode. */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/**
 * A Stripe client for STRIPE_SECRET_KEY, talking to STRIPE_API_BASE when set (a stand-in in tests)
 * and to api.stripe.com otherwise. The SDK pins its API version, which the types describe.
 */
export function createStripeClient(env: Pick<BillingEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'pid-platform-billing' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/** The id of an expandable field, whether Stripe sent the id or the object. */
export function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}
