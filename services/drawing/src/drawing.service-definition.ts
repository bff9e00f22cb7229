import type { ServiceDefinition } from '@pid/platform';
import { PendingCleanups } from './cleanup/pending-cleanups';
import { drawingMigrations } from './database/migrations';
import { DrawingModule } from './drawing.module';
import { DrawingEntity } from './drawings/drawing.entity';
import { drawingEnvSchema, type DrawingEnv } from './env';
import { ensureDrawingStreams, startAnalysisListeners, startStaleRunExpiry } from './processing/analysis-listeners';
import { ProgressPublisher } from './processing/progress-publisher';
import { RenditionEntity } from './renditions/rendition.entity';
import { drawingStorage } from './storage/drawing-storage';

export const drawingServiceDefinition: ServiceDefinition<DrawingEnv> = {
  name: 'drawing',
  description: 'Drawings: upload, storage, processing lifecycle, renditions and export.',
  envSchema: drawingEnvSchema,
  database: { schema: 'drawing', entities: [DrawingEntity, RenditionEntity], migrations: drawingMigrations },
  modules: [DrawingModule],
  onStart: async ({ env, nats, natsClient, dataSource, logger }) => {
    await ensureDrawingStreams(nats);
    const progress = new ProgressPublisher(natsClient, logger);
    const teardowns: Array<() => Promise<void>> = [];
    const stopAll = async () => {
      for (const teardown of teardowns.reverse()) await teardown().catch((error) => logger.warn({ err: error }, 'a teardown failed'));
    };
    try {
      teardowns.push(await startAnalysisListeners(nats, dataSource, progress, logger));
      teardowns.push(startStaleRunExpiry(dataSource, progress, logger));
      teardowns.push(new PendingCleanups(dataSource, nats, drawingStorage(env), logger).startSweeper());
    } catch (error) {
      await stopAll();
      throw error;
    }
    return stopAll;
  },
  healthChecks: ({ env }) => ({ storage: async () => (await drawingStorage(env)).ping() }),
};
