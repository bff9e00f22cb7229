import type { Point } from '../geometry';
import { ellipsePoints } from '../symbol-primitives';

/** Curves as points, so that a stencil shape is polylines like every other symbol (its truth box is then exact). */
export const arcPoints = ellipsePoints;

const STEPS = 12;

/** A quadratic Bézier after `from`, ending at `to`. */
export function quadPoints(from: Point, control: Point, to: Point): Point[] {
  return Array.from({ length: STEPS }, (_, i) => {
    const t = (i + 1) / STEPS;
    const u = 1 - t;
    return [u * u * from[0] + 2 * u * t * control[0] + t * t * to[0], u * u * from[1] + 2 * u * t * control[1] + t * t * to[1]] as Point;
  });
}

/** A cubic Bézier after `from`, ending at `to`. */
export function cubicPoints(from: Point, c1: Point, c2: Point, to: Point): Point[] {
  return Array.from({ length: STEPS }, (_, i) => {
    const t = (i + 1) / STEPS;
    const u = 1 - t;
    const mix = (k: 0 | 1) => u * u * u * from[k] + 3 * u * u * t * c1[k] + 3 * u * t * t * c2[k] + t * t * t * to[k];
    return [mix(0), mix(1)] as Point;
  });
}
