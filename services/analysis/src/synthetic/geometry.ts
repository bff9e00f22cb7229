import type { PixelBox, PixelPoint } from '../benchmark/ground-truth';

/** Pixels of the page rendered at PDF_RENDER_DPI, origin top-left, y down. */
export type Point = PixelPoint;
export type Box = PixelBox;

export function boundsOf(points: readonly Point[], pad = 0): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
}

export function grow(box: Box, by: number): Box {
  return [box[0] - by, box[1] - by, box[2] + by, box[3] + by];
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

export function boxContains(outer: Box, inner: Box): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

/** Whether the segment a–b touches the box (axis-aligned segments are what the sheets draw; others are sampled). */
export function segmentHitsBox(a: Point, b: Point, box: Box): boolean {
  if (a[0] === b[0] || a[1] === b[1]) {
    return boxesOverlap([Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])], box);
  }
  const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 2);
  for (let i = 0; i <= steps; i++) {
    if (pointIn([a[0] + ((b[0] - a[0]) * i) / steps, a[1] + ((b[1] - a[1]) * i) / steps], box)) return true;
  }
  return false;
}

function pointIn([x, y]: Point, box: Box): boolean {
  return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
}

export const samePoint = (a: Point, b: Point, tolerance = 0.5) => Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance;
