import { baseEnvSchema, jwtEnvSchema, publicUrlSchema } from '@pid/platform';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();

/**
 * Express `trust proxy`: which hops may name the client in `x-forwarded-for`. `true` (trust every
 * hop) is refused because any client could then choose its own address and dodge the rate limits.
 */
const trustProxy = z
  .string()
  .trim()
  .min(1)
  .refine((value) => value !== 'true', 'must name the trusted proxies (e.g. loopback, 10.0.0.0/8) or a hop count, not true')
  .transform((value): string | number | false => (value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value));

export const authEnvSchema = baseEnvSchema
  .extend(jwtEnvSchema.shape)
  .extend({
    /** The web app's public origin; mail links point at its /verify-email and /reset-password routes. */
    PUBLIC_URL: publicUrlSchema,
    /** smtp://user:pass@host:587 or smtps://…:465. Unset: mail is written to MAILBOX_DIR instead. */
    SMTP_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.string().min(1).default('P&ID Digitizer <no-reply@localhost>'),
    MAILBOX_DIR: z.string().min(1).default('var/mail'),
    EMAIL_VERIFICATION_TTL_SECONDS: positiveInt.default(24 * 3600),
    PASSWORD_RESET_TTL_SECONDS: positiveInt.default(3600),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(15 * 60),
    RATE_LIMIT_MAX_PER_IP: positiveInt.default(10),
    RATE_LIMIT_MAX_PER_EMAIL: positiveInt.default(5),
    TRUST_PROXY: trustProxy.default('loopback'),
    /** How long /me waits for billing before it reports no active subscription. */
    SUBSCRIPTION_LOOKUP_TIMEOUT_MS: positiveInt.default(1500),
  })
  // The mailbox folder is for development: in production mail would vanish into a pod's filesystem.
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'must be set when NODE_ENV=production (the mailbox folder is for development)',
      });
  });
export type AuthEnv = z.output<typeof authEnvSchema>;
