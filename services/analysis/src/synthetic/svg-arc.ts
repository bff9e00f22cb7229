import type { Point } from './geometry';

/**
 * An SVG elliptical arc (endpoint parameterisation, SVG 1.1 appendix F.6.5) as points after `from`, about 5° a step
 * (`minSteps` at the least), the last exactly `to`. Radii too small to reach `to` grow until they just do.
 */
export function svgArcPoints(
  from: Point,
  rx: number,
  ry: number,
  rotationDeg: number,
  largeArc: boolean,
  sweep: boolean,
  to: Point,
  minSteps = 4,
): Point[] {
  if (rx === 0 || ry === 0) return [to];
  const phi = (rotationDeg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const dx = (from[0] - to[0]) / 2;
  const dy = (from[1] - to[1]) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  let [arx, ary] = [Math.abs(rx), Math.abs(ry)];
  const lambda = (x1 * x1) / (arx * arx) + (y1 * y1) / (ary * ary);
  if (lambda > 1) [arx, ary] = [arx * Math.sqrt(lambda), ary * Math.sqrt(lambda)];
  const numerator = arx * arx * ary * ary - arx * arx * y1 * y1 - ary * ary * x1 * x1;
  const denominator = arx * arx * y1 * y1 + ary * ary * x1 * x1;
  const factor = (largeArc === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / denominator));
  const cx1 = (factor * arx * y1) / ary;
  const cy1 = (-factor * ary * x1) / arx;
  const centre: Point = [cos * cx1 - sin * cy1 + (from[0] + to[0]) / 2, sin * cx1 + cos * cy1 + (from[1] + to[1]) / 2];
  const angle = (ux: number, uy: number) => Math.atan2(uy, ux);
  const start = angle((x1 - cx1) / arx, (y1 - cy1) / ary);
  let delta = angle((-x1 - cx1) / arx, (-y1 - cy1) / ary) - start;
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const steps = Math.max(minSteps, Math.ceil(Math.abs(delta) / (Math.PI / 36)));
  const points: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = start + (delta * i) / steps;
    const [ex, ey] = [arx * Math.cos(t), ary * Math.sin(t)];
    points.push(i === steps ? to : [centre[0] + cos * ex - sin * ey, centre[1] + sin * ex + cos * ey]);
  }
  return points;
}
