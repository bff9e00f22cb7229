import { CreateGraph1763800000000 } from './1763800000000-create-graph';
import { GraphRunsAndOrder1764000000000 } from './1764000000000-graph-runs-and-order';
import { GraphPagesAndResultParts1764300000000 } from './1764300000000-graph-pages-and-result-parts';

/** In order of application. */
export const graphMigrations = [CreateGraph1763800000000, GraphRunsAndOrder1764000000000, GraphPagesAndResultParts1764300000000];
