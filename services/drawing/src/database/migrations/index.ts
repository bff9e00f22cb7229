import { CreateDrawings1763800000000 } from './1763800000000-create-drawings';

/** In order of application. */
export const drawingMigrations = [CreateDrawings1763800000000];
