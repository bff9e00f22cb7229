import { z } from 'zod';

/** Thrown when the environment does not satisfy a schema; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses `env` with `schema`. On failure the error names the first bad variable and why, e.g.
 * `Invalid environment: JWT_SECRET: must be set in production`.
 */
export function loadEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = issue.path.join('.') || 'environment';
  throw new ConfigError(`Invalid environment: ${name}: ${issue.message}`);
}

/**
 * Replicas and limits of the JetStream streams a service creates (ensureStream). The defaults keep one
 * replica and no limits, as on a single local NATS; a 3-node cluster takes JETSTREAM_REPLICAS=3.
 */
export const jetStreamEnvSchema = z.object({
  JETSTREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** 0: messages never expire by age. */
  JETSTREAM_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(0),
  /** -1: no size limit; otherwise the oldest messages go first. */
  JETSTREAM_MAX_BYTES: z.coerce.number().int().min(-1).default(-1),
});
export type JetStreamEnv = z.output<typeof jetStreamEnvSchema>;

/** Variables every service reads. Compose with `.extend()` for service-specific ones. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  NATS_URL: z.string().regex(/^(nats|tls|wss?):\/\/[^\s]+$/, 'must be a nats:// URL'),
  ...jetStreamEnvSchema.shape,
});

/**
 * The JWT secret signs and verifies login tokens. No default exists: the local stack generates one
 * under var/, and production must provide a strong one.
 */
export const jwtEnvSchema = z.object({
  JWT_SECRET: z.string({ error: 'must be set (at least 32 characters)' }).min(32, 'must be at least 32 characters'),
  JWT_EXPIRES_IN_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
});

/** Object storage: a folder by default, S3/MinIO when STORAGE_DRIVER=s3. */
export const storageEnvSchema = z
  .object({
    STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
    STORAGE_DIR: z.string().default('var/storage'),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().default('pid-drawings'),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER !== 's3') return;
    for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'must be set when STORAGE_DRIVER=s3' });
    }
  });

/** The web app's public origin (links in mails, checkout returns), without a trailing slash. */
export const publicUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
  .default('http://localhost:8080')
  .transform((url) => url.replace(/\/+$/, ''));

export type BaseEnv = z.output<typeof baseEnvSchema>;
export type StorageEnv = z.output<typeof storageEnvSchema>;
