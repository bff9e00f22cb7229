import type { QueryClient } from '@tanstack/react-query';
import { connectionsQueryOptions } from './connections';
import { elementsQueryOptions } from './elements';
import { drawingQueryOptions } from './get-drawing';
import { drawingImageQueryOptions } from './get-drawing-image';

/**
 * Starts loading what the viewer shows first (the drawing, its image, elements and connections) while
 * the session is checked and the viewer's code loads, instead of after: the viewer's queries then find
 * them in the cache. Failures are left for the viewer's own queries to report.
 */
export function prefetchViewer(queryClient: QueryClient, drawingId: string): void {
  void queryClient.prefetchQuery(drawingQueryOptions(drawingId));
  void queryClient.prefetchQuery(drawingImageQueryOptions(drawingId));
  void queryClient.prefetchQuery(elementsQueryOptions(drawingId));
  void queryClient.prefetchQuery(connectionsQueryOptions(drawingId));
}
