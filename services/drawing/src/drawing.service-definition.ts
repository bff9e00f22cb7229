import { createObjectStorage, type ServiceDefinition } from '@pid/platform';
import { drawingMigrations } from './database/migrations';
import { DrawingEntity } from './drawings/drawing.entity';
import { drawingEnvSchema, type DrawingEnv } from './env';

export const drawingServiceDefinition: ServiceDefinition<DrawingEnv> = {
  name: 'drawing',
  description: 'Drawings: upload, storage, processing lifecycle, renditions and export.',
  envSchema: drawingEnvSchema,
  database: { schema: 'drawing', entities: [DrawingEntity], migrations: drawingMigrations },
  modules: [],
  healthChecks: ({ env }) => {
    const storage = createObjectStorage(env);
    return { storage: async () => (await storage).ping() };
  },
};
