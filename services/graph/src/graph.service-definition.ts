import type { ServiceDefinition } from '@pid/platform';
import { consumeAnalysisResults } from './analysis/analysis-results.consumer';
import { AnalysisResultPartEntity } from './analysis/analysis-result-part.entity';
import { AppliedAnalysisRunEntity } from './analysis/applied-analysis-run.entity';
import { ConnectionEntity } from './connections/connection.entity';
import { graphMigrations } from './database/migrations';
import { DeletedDrawingEntity } from './drawings/deleted-drawing.entity';
import { consumeDrawingDeletions } from './drawings/drawing-deleted.consumer';
import { ElementEntity } from './elements/element.entity';
import { graphEnvSchema, type GraphEnv } from './env';
import { answerGraphExports } from './export/graph-export.responder';
import { GraphModule } from './graph.module';

export const graphServiceDefinition: ServiceDefinition<GraphEnv> = {
  name: 'graph',
  description: 'Elements and connections of each drawing, as detected and as edited.',
  envSchema: graphEnvSchema,
  database: {
    schema: 'graph',
    entities: [ElementEntity, ConnectionEntity, AppliedAnalysisRunEntity, AnalysisResultPartEntity, DeletedDrawingEntity],
    migrations: graphMigrations,
  },
  modules: [GraphModule],
  // Analysis results and drawing deletions from JetStream; export requests from the drawing service.
  onStart: async (context) => {
    const teardowns: Array<() => Promise<void>> = [];
    const stopAll = async () => {
      for (const teardown of teardowns.reverse()) await teardown();
    };
    try {
      teardowns.push(answerGraphExports(context));
      teardowns.push(await consumeAnalysisResults(context));
      teardowns.push(await consumeDrawingDeletions(context));
    } catch (error) {
      await stopAll().catch(() => undefined);
      throw error;
    }
    return stopAll;
  },
};
