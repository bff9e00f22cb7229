import { CreateDrawings1763800000000 } from './1763800000000-create-drawings';
import { DrawingLifecycle1764100000000 } from './1764100000000-drawing-lifecycle';
import { DrawingPageSizes1764200000000 } from './1764200000000-drawing-page-sizes';
import { DrawingPageSources1764300000000 } from './1764300000000-drawing-page-sources';

/** In order of application. */
export const drawingMigrations = [
  CreateDrawings1763800000000,
  DrawingLifecycle1764100000000,
  DrawingPageSizes1764200000000,
  DrawingPageSources1764300000000,
];
