import { ANNUAL_PLAN_PRICE_ID, ANNUAL_PLAN_PRODUCT_ID } from '@pid/contracts';
import { baseEnvSchema, jwtEnvSchema, publicUrlSchema } from '@pid/platform';
import { z } from 'zod';

/** An unset variable and an empty one (a Helm value or secret left blank) mean the same. */
const emptyAsUnset = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);
const optional = <Schema extends z.ZodType>(schema: Schema) => emptyAsUnset(schema.optional());

/** Stripe's and our own ids: letters, digits, `_` and `-`, as they appear in URLs and the catalogue. */
const catalogueId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be 1-100 letters, digits, _ or -');

export const billingEnvSchema = baseEnvSchema
  .extend(jwtEnvSchema.shape)
  .extend({
    /** The web app's public origin: checkout returns to its /payment-success and /checkout routes. */
    PUBLIC_URL: publicUrlSchema,
    /** Set: Stripe Checkout is the payment provider. Unset: the offline test mode with its own checkout page. */
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret key (sk_…) or restricted key (rk_…)')),
    /** The signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: optional(z.string().min(1)),
    /** Where the Stripe SDK sends its requests instead of https://api.stripe.com (a stand-in, in tests). */
    STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
    /** The one product's id, as the web app asks for it (and, with Stripe, its product id there). */
    BILLING_PRODUCT_ID: emptyAsUnset(catalogueId.default(ANNUAL_PLAN_PRODUCT_ID)),
    /** The annual price's id (with Stripe: the id of a $100/year recurring price of that product). */
    BILLING_PRICE_ID: emptyAsUnset(catalogueId.default(ANNUAL_PLAN_PRICE_ID)),
    /** Production refuses to start in the offline test mode, where anyone can "pay", unless this is true. */
    BILLING_ALLOW_TEST_MODE: emptyAsUnset(z.stringbool().default(false)),
    /** How long checkout waits for auth's answer about the user (e-mail, verified). */
    USER_LOOKUP_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().positive().default(2000)),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'must be set when STRIPE_SECRET_KEY is set' });
    }
    if (!env.STRIPE_SECRET_KEY && env.NODE_ENV === 'production' && !env.BILLING_ALLOW_TEST_MODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'must be set in production (or set BILLING_ALLOW_TEST_MODE=true to run the offline test checkout)',
      });
    }
  });
export type BillingEnv = z.output<typeof billingEnvSchema>;

export type PaymentProviderName = 'stripe' | 'local';

export function paymentProviderName(env: Pick<BillingEnv, 'STRIPE_SECRET_KEY'>): PaymentProviderName {
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'local';
}
