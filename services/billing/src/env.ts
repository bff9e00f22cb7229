import { baseEnvSchema, jwtEnvSchema } from '@pid/platform';
import type { z } from 'zod';

export const billingEnvSchema = baseEnvSchema.extend(jwtEnvSchema.shape);
export type BillingEnv = z.output<typeof billingEnvSchema>;
