import { CONSUMERS, STREAMS, SUBJECTS } from '@pid/contracts';
import { ensureConsumer, ensureStream, type ServiceDefinition } from '@pid/platform';
import { analysisMigrations } from './database/migrations';
import { analysisEnvSchema, type AnalysisEnv } from './env';
import { AnalysisRunEntity } from './runs/analysis-run.entity';

/** The analysis worker: no HTTP API but health; it owns the job queue that all replicas share. */
export const analysisServiceDefinition: ServiceDefinition<AnalysisEnv> = {
  name: 'analysis',
  description: 'The recognition pipeline, run as a JetStream worker.',
  envSchema: analysisEnvSchema,
  database: { schema: 'analysis', entities: [AnalysisRunEntity], migrations: analysisMigrations },
  modules: [],
  onStart: async ({ nats }) => {
    await ensureStream(nats, { ...STREAMS.analysisJobs, retention: 'workqueue' });
    await ensureConsumer(nats, STREAMS.analysisJobs.name, {
      durable: CONSUMERS.analysisWorkers,
      filterSubject: SUBJECTS.analysisJob,
      ackWaitMs: 60_000,
      maxDeliver: 3,
    });
  },
};
