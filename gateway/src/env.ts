import { jetStreamEnvSchema, jwtEnvSchema } from '@pid/platform';
import path from 'node:path';
import { z } from 'zod';

const serviceUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL of the service' });

/** The gateway validates every target at start: a bad URL stops it with one line naming the variable. */
export const gatewayEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    NATS_URL: z.string().regex(/^(nats|tls|wss?):\/\/[^\s]+$/, 'must be a nats:// URL'),
    AUTH_URL: serviceUrl,
    BILLING_URL: serviceUrl,
    DRAWING_URL: serviceUrl,
    GRAPH_URL: serviceUrl,
    ANALYSIS_URL: serviceUrl,
    /** The built web app; `npm run build` puts it here. */
    STATIC_DIR: z.string().default(path.resolve(__dirname, '../static')),
    /** Browser origins allowed to call the API cross-origin; empty means same origin only. */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
  })
  .extend(jwtEnvSchema.shape)
  .extend(jetStreamEnvSchema.shape);

export type GatewayEnv = z.output<typeof gatewayEnvSchema>;

export function serviceTargets(env: GatewayEnv) {
  return { auth: env.AUTH_URL, billing: env.BILLING_URL, drawing: env.DRAWING_URL, graph: env.GRAPH_URL, analysis: env.ANALYSIS_URL };
}
export type ServiceTargets = ReturnType<typeof serviceTargets>;
