import { CreateGraph1763800000000 } from './1763800000000-create-graph';
import { GraphRunsAndOrder1764000000000 } from './1764000000000-graph-runs-and-order';

/** In order of application. */
export const graphMigrations = [CreateGraph1763800000000, GraphRunsAndOrder1764000000000];
