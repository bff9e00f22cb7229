import { CONSUMERS, STREAMS, SUBJECTS } from '@pid/contracts';
import { createObjectStorage, ensureConsumer, ensureStream, type ServiceDefinition } from '@pid/platform';
import { analysisMigrations } from './database/migrations';
import { analysisEnvSchema, type AnalysisEnv } from './env';
import { startAnalysisWorker } from './worker/analysis-worker';

/** The analysis worker: no HTTP API but health; it owns the job queue that all replicas share. */
export const analysisServiceDefinition: ServiceDefinition<AnalysisEnv> = {
  name: 'analysis',
  description: 'The recognition pipeline, run as a JetStream worker.',
  envSchema: analysisEnvSchema,
  database: { schema: 'analysis', entities: [], migrations: analysisMigrations },
  modules: [],
  queueDepth: { stream: STREAMS.analysisJobs.name, durable: CONSUMERS.analysisWorkers },
  onStart: async (context) => {
    const { nats, env } = context;
    await ensureStream(nats, { ...STREAMS.analysisJobs, retention: 'workqueue' });
    await ensureStream(nats, { ...STREAMS.analysisResults, retention: 'limits' });
    await ensureConsumer(nats, STREAMS.analysisJobs.name, {
      durable: CONSUMERS.analysisWorkers,
      filterSubject: SUBJECTS.analysisJob,
      ackWaitMs: env.ANALYSIS_ACK_WAIT_MS,
      maxDeliver: env.ANALYSIS_MAX_DELIVER,
    });
    if (env.ANALYSIS_WORKER_ENABLED === 'false') return;
    const storage = await createObjectStorage(env);
    const worker = await startAnalysisWorker(context, { storage });
    // Stops taking jobs and waits for the ones in hand (they finish, or fail and are nak'ed).
    return () => worker.stop();
  },
};
