/** What the connection-confidence model reads of a traced connection: its ends, its line and its path. */
import { isSymbolElement } from '@pid/contracts';
import { elementKind, logit, shortSide, type FeatureElement } from './element-geometry';

/** A connection as both carry it. */
export interface FeatureConnection {
  metadata?: {
    line_style?: string;
    junctions?: number;
    path_data?: { path: Array<{ start: [number, number]; end: [number, number] }> };
  };
}

/** The features in the order the model's weights are; the model file names them too, and must agree. */
export const CONNECTION_FEATURES = [
  'min_end_logit',
  'max_end_logit',
  'dashed',
  'bends',
  'log_length',
  'junctions',
  'equipment_ends',
  'valve_ends',
  'instrument_ends',
  'fitting_ends',
  'connector_ends',
  'pipe_ends',
  'unclassed_ends',
  'small_end',
  'end_gap',
  'busy_end',
  'vector',
] as const;

/** What the features read of the page around a connection. */
export interface ConnectionContext {
  /** The page's `symbolScale`. */
  scale: number;
  /** How many connections each end has on the page, source first. */
  degrees: [number, number];
  /** The page was read all from the file (text layer and strokes), not its pixels. */
  vector: boolean;
}

/** How far a point is from a box, in pixels (0 inside). */
function distanceToBox([x, y]: [number, number], { boundingBox: b }: FeatureElement): number {
  const dx = Math.max(b.x - x, 0, x - (b.x + b.width));
  const dy = Math.max(b.y - y, 0, y - (b.y + b.height));
  return Math.hypot(dx, dy);
}

/** One connection's features, in `CONNECTION_FEATURES` order. */
export function connectionFeatures(
  connection: FeatureConnection,
  source: FeatureElement,
  target: FeatureElement,
  { scale, degrees, vector }: ConnectionContext,
): number[] {
  const ends = [source, target];
  const symbols = ends.filter(isSymbolElement);
  const confidences = ends.map((end) => end.metadata?.confidence ?? 0.5);
  const path = connection.metadata?.path_data?.path ?? [];
  const length = path.reduce((sum, { start, end }) => sum + Math.abs(end[0] - start[0]) + Math.abs(end[1] - start[1]), 0);
  const values: Record<(typeof CONNECTION_FEATURES)[number], number> = {
    min_end_logit: logit(Math.min(...confidences)),
    max_end_logit: logit(Math.max(...confidences)),
    dashed: connection.metadata?.line_style === 'dashed' ? 1 : 0,
    bends: Math.min(Math.max(path.length - 1, 0), 6),
    log_length: Math.log1p(length / scale),
    junctions: Math.min(connection.metadata?.junctions ?? 0, 4),
    equipment_ends: 0,
    valve_ends: 0,
    instrument_ends: 0,
    fitting_ends: 0,
    connector_ends: 0,
    pipe_ends: 0,
    unclassed_ends: symbols.filter((end) => !end.metadata?.symbol_class).length,
    // The smaller symbol end against the page's usual symbol: a speck taken for a symbol is small.
    small_end: symbols.length ? Math.log(Math.max(1, Math.min(...symbols.map(shortSide))) / scale) : 0,
    // How far the path's ends stop short of the symbols it joins, in symbol sizes.
    end_gap: Math.min(3, pathEndGap(path, ends) / scale),
    busy_end: Math.log1p(Math.max(...degrees)),
    vector: vector ? 1 : 0,
  };
  for (const end of ends) {
    const kind = elementKind(end.elementType);
    if (kind) values[`${kind}_ends`]++;
  }
  return CONNECTION_FEATURES.map((name) => values[name]);
}

/** The larger of the two ends' distances to the nearer end of the path (none without a path). */
function pathEndGap(path: Array<{ start: [number, number]; end: [number, number] }>, ends: FeatureElement[]): number {
  if (path.length === 0) return 0;
  const points = [path[0].start, path[path.length - 1].end];
  return Math.max(...ends.map((end) => Math.min(...points.map((point) => distanceToBox(point, end)))));
}
