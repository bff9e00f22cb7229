import type { Connection, DrawingElement, PathSegment } from '@pid/contracts';
import { endId } from '../api/connections';
import { boxCenter } from '../geometry/placement';
import { orthogonalRoute } from '../geometry/routing';

/** Overlay colours of spec §4 "Elements and connections". */
export const OVERLAY_COLORS = {
  highlighted: '#1976d2',
  confirmed: '#2e7d32',
  unconfirmed: '#d32f2f',
  selectedPath: '#ff9800',
  source: '#9c27b0',
  target: '#00838f',
} as const;

/** The path of a connection: the stored route, or an orthogonal one between the two element centres. */
export function connectionSegments(connection: Connection, elementsById: Map<string, DrawingElement>): PathSegment[] {
  const stored = connection.metadata?.path_data?.path;
  if (stored && stored.length > 0) return stored;
  const source = elementsById.get(endId(connection.source));
  const target = elementsById.get(endId(connection.target));
  if (!source || !target) return [];
  return orthogonalRoute(boxCenter(source.boundingBox), [], boxCenter(target.boundingBox));
}

export function connectionStyle(
  connection: Connection,
  elementsById: Map<string, DrawingElement>,
  highlighted: boolean,
  selected: boolean,
) {
  const source = elementsById.get(endId(connection.source));
  const target = elementsById.get(endId(connection.target));
  const dashed = !source?.confirmed || !target?.confirmed;
  if (selected) return { stroke: OVERLAY_COLORS.selectedPath, strokeWidth: 4, dashed, opacity: 1 };
  if (highlighted) return { stroke: OVERLAY_COLORS.highlighted, strokeWidth: 2.5, dashed, opacity: 1 };
  // Translucent, thin lines: the drawn pipe stays readable under them.
  return { stroke: connection.confirmed ? OVERLAY_COLORS.confirmed : OVERLAY_COLORS.unconfirmed, strokeWidth: 1.5, dashed, opacity: 0.6 };
}
