import type { ServiceDefinition } from '@pid/platform';
import { consumeAnalysisResults } from './analysis/analysis-results.consumer';
import { graphMigrations } from './database/migrations';
import { consumeDrawingDeletions } from './drawings/drawing-deleted.consumer';
import { graphEnvSchema, type GraphEnv } from './env';
import { GraphModule } from './graph.module';

export const graphServiceDefinition: ServiceDefinition<GraphEnv> = {
  name: 'graph',
  description: 'Elements and connections of each drawing, as detected and as edited.',
  envSchema: graphEnvSchema,
  // Typed SQL through platform's runSql/queryRows (bulk upserts, locks): no entities.
  database: { schema: 'graph', entities: [], migrations: graphMigrations },
  modules: [GraphModule],
  // Analysis results and drawing deletions from JetStream; export requests from the drawing service.
  onStart: async (context) => {
    const teardowns: Array<() => Promise<void>> = [];
    const stopAll = async () => {
      for (const teardown of teardowns.reverse()) await teardown();
    };
    try {
      teardowns.push(await consumeAnalysisResults(context));
      teardowns.push(await consumeDrawingDeletions(context));
    } catch (error) {
      await stopAll().catch(() => undefined);
      throw error;
    }
    return stopAll;
  },
};
