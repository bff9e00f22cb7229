import { baseEnvSchema, jwtEnvSchema } from '@pid/platform';
import type { z } from 'zod';

export const authEnvSchema = baseEnvSchema.extend(jwtEnvSchema.shape);
export type AuthEnv = z.output<typeof authEnvSchema>;
