import { CreateGraph1763800000000 } from './1763800000000-create-graph';

/** In order of application. */
export const graphMigrations = [CreateGraph1763800000000];
