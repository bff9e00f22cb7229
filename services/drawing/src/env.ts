import { baseEnvSchema, jwtEnvSchema, storageEnvSchema } from '@pid/platform';
import type { z } from 'zod';

export const drawingEnvSchema = baseEnvSchema.extend(jwtEnvSchema.shape).and(storageEnvSchema);
export type DrawingEnv = z.output<typeof drawingEnvSchema>;
