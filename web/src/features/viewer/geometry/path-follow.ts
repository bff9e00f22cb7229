import type { BoundingBox, PathSegment } from '@pid/contracts';
import type { Point } from './mapping';
import { boxCenter } from './placement';
import { orthogonalRoute } from './routing';

/*
 * Connection paths that follow their elements: when an element moves or is resized, the end of each
 * path at that element moves with it, and the path stays orthogonal. Stored paths are whole pixels
 * without zero-length or collinear pieces (normalisePath).
 */

const same = (a: Point, b: Point) => a.x === b.x && a.y === b.y;
const roundPoint = (point: Point): Point => ({ x: Math.round(point.x), y: Math.round(point.y) });

/** The corner points of a path whose segments join end to start, or null when they do not. */
export function pathPoints(segments: PathSegment[]): Point[] | null {
  if (segments.length === 0) return null;
  const points: Point[] = [{ x: segments[0].start[0], y: segments[0].start[1] }];
  for (const segment of segments) {
    const start = { x: segment.start[0], y: segment.start[1] };
    if (!same(start, points[points.length - 1])) return null;
    points.push({ x: segment.end[0], y: segment.end[1] });
  }
  return points;
}

/**
 * Segments through `points`, rounded to whole pixels, with zero-length pieces dropped and straight runs
 * merged. A diagonal leg becomes an L (horizontal, then vertical).
 */
export function pointsToSegments(points: Point[]): PathSegment[] {
  const corners: Point[] = [];
  for (const point of points.map(roundPoint)) {
    const last = corners.at(-1);
    if (last && same(last, point)) continue;
    if (last && last.x !== point.x && last.y !== point.y) corners.push({ x: point.x, y: last.y });
    corners.push(point);
  }
  // Drop middle points of straight runs.
  const kept = corners.filter((point, index) => {
    const before = corners[index - 1];
    const after = corners[index + 1];
    if (!before || !after) return true;
    return !((before.x === point.x && point.x === after.x) || (before.y === point.y && point.y === after.y));
  });
  const segments: PathSegment[] = [];
  for (let index = 1; index < kept.length; index += 1) {
    const from = kept[index - 1];
    const to = kept[index];
    segments.push({ orientation: from.y === to.y ? 'horizontal' : 'vertical', start: [from.x, from.y], end: [to.x, to.y] });
  }
  return segments;
}

/** A path rounded and cleaned of zero-length and collinear pieces (see pointsToSegments). */
export function normalisePath(segments: PathSegment[]): PathSegment[] {
  const points = pathPoints(segments);
  return points ? pointsToSegments(points) : segments;
}

/** Where a point attached to box `from` lies on box `to`: the same relative place, scaled with a resize. */
export function mapAttachedPoint(point: Point, from: BoundingBox, to: BoundingBox): Point {
  const scaleX = from.width > 0 ? to.width / from.width : 1;
  const scaleY = from.height > 0 ? to.height / from.height : 1;
  return { x: to.x + (point.x - from.x) * scaleX, y: to.y + (point.y - from.y) * scaleY };
}

/** Moves the first point of `points` to `moved`, bending the first leg so every leg stays horizontal or vertical. */
function moveFirstPoint(points: Point[], moved: Point): Point[] {
  const [first, second, ...rest] = points;
  if (points.length === 2) {
    // One straight leg: a Z keeps the far end where it is.
    if (first.y === second.y) {
      const middle = (moved.x + second.x) / 2;
      return [moved, { x: middle, y: moved.y }, { x: middle, y: second.y }, second];
    }
    const middle = (moved.y + second.y) / 2;
    return [moved, { x: moved.x, y: middle }, { x: second.x, y: middle }, second];
  }
  const bent = first.y === second.y ? { x: second.x, y: moved.y } : { x: moved.x, y: second.y };
  return [moved, bent, ...rest];
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The path of a connection after one of its end elements moved from box `from` to box `to`. `end` says
 * which end belongs to the element (the source's is the path's start); the nearer end to the old box
 * wins when the path was stored the other way round.
 */
export function followElement(segments: PathSegment[], end: 'source' | 'target', from: BoundingBox, to: BoundingBox): PathSegment[] {
  const points = pathPoints(segments);
  if (!points || points.length < 2) return segments;
  const centre = boxCenter(from);
  const fromStart = distance(points[0], centre);
  const fromEnd = distance(points[points.length - 1], centre);
  const atStart = end === 'source' ? fromStart <= fromEnd : fromStart < fromEnd;
  const ordered = atStart ? points : [...points].reverse();
  const moved = roundPoint(mapAttachedPoint(ordered[0], from, to));
  if (same(moved, roundPoint(ordered[0]))) return segments;
  const axisAligned = ordered.every((point, index) => index === 0 || point.x === ordered[index - 1].x || point.y === ordered[index - 1].y);
  // A path with diagonal legs (not drawn here) keeps its shape and gains an orthogonal lead from the new end.
  const result = axisAligned
    ? moveFirstPoint(ordered, moved)
    : [moved, ...legEnds(orthogonalRoute(moved, [], ordered[0])), ...ordered.slice(1)];
  return pointsToSegments(atStart ? result : result.reverse());
}

function legEnds(segments: PathSegment[]): Point[] {
  return segments.map((segment) => ({ x: segment.end[0], y: segment.end[1] }));
}
