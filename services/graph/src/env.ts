import { baseEnvSchema, jwtEnvSchema } from '@pid/platform';
import type { z } from 'zod';

export const graphEnvSchema = baseEnvSchema.extend(jwtEnvSchema.shape);
export type GraphEnv = z.output<typeof graphEnvSchema>;
