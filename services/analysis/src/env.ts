import { baseEnvSchema, storageEnvSchema } from '@pid/platform';
import os from 'node:os';
import { z } from 'zod';

export const analysisEnvSchema = baseEnvSchema
  .extend({
    /** Jobs this worker handles at once; one per core by default. */
    ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(Math.max(1, os.availableParallelism())),
  })
  .and(storageEnvSchema);
export type AnalysisEnv = z.output<typeof analysisEnvSchema>;
