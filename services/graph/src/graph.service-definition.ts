import type { ServiceDefinition } from '@pid/platform';
import { ConnectionEntity } from './connections/connection.entity';
import { graphMigrations } from './database/migrations';
import { ElementEntity } from './elements/element.entity';
import { graphEnvSchema, type GraphEnv } from './env';

export const graphServiceDefinition: ServiceDefinition<GraphEnv> = {
  name: 'graph',
  description: 'Elements and connections of each drawing, as detected and as edited.',
  envSchema: graphEnvSchema,
  database: { schema: 'graph', entities: [ElementEntity, ConnectionEntity], migrations: graphMigrations },
  modules: [],
};
