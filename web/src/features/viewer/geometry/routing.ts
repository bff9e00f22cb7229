import type { PathSegment } from '@pid/contracts';
import type { Point } from './mapping';

/**
 * The orthogonal route from `start` through the clicked `waypoints` to `end`: each leg goes horizontally
 * first, then vertically (an L), so every segment is horizontal or vertical. Zero-length legs are dropped.
 */
export function orthogonalRoute(start: Point, waypoints: Point[], end: Point): PathSegment[] {
  const points = [start, ...waypoints, end];
  const segments: PathSegment[] = [];
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1];
    const to = points[index];
    const corner: Point = { x: to.x, y: from.y };
    if (corner.x !== from.x) segments.push({ orientation: 'horizontal', start: [from.x, from.y], end: [corner.x, corner.y] });
    if (to.y !== corner.y) segments.push({ orientation: 'vertical', start: [corner.x, corner.y], end: [to.x, to.y] });
  }
  return segments;
}

/** A point snapped so the leg from `previous` is purely horizontal or vertical (whichever is longer). */
export function snapOrthogonal(previous: Point, point: Point): Point {
  return Math.abs(point.x - previous.x) >= Math.abs(point.y - previous.y) ? { x: point.x, y: previous.y } : { x: previous.x, y: point.y };
}

/** An SVG path `d` for the segments; empty when there are none. */
export function segmentsToPath(segments: PathSegment[]): string {
  return segments.map((segment) => `M ${segment.start[0]} ${segment.start[1]} L ${segment.end[0]} ${segment.end[1]}`).join(' ');
}
