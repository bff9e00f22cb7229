import type { Point } from './geometry';

/**
 * Symbol drawings in a local frame: the unit is one routing-grid step, the origin the symbol's centre, y down.
 * Every shape becomes a polyline to draw and to measure, so its truth box is exact.
 */
export type Primitive = (
  | { kind: 'line'; from: Point; to: Point }
  | { kind: 'polyline'; points: Point[]; closed?: boolean }
  | { kind: 'circle'; center: Point; r: number }
  | { kind: 'ellipse'; center: Point; rx: number; ry: number }
  /** Angles in degrees from +x, clockwise on the page (y down), drawn from `from` to `to`. */
  | { kind: 'arc'; center: Point; rx: number; ry: number; from: number; to: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number }
) & {
  fill?: boolean;
  dashed?: boolean;
  /** Line weight relative to the symbol's (internals such as trays are drawn thinner). */
  weight?: number;
  /** A lead: drawn from a port along the pipe, pipe ink rather than body, so outside the truth box (`symbolBodyBox`). */
  lead?: boolean;
};

export interface PrimitiveStyle {
  fill?: boolean;
  dashed?: boolean;
  weight?: number;
  lead?: boolean;
}

export const line = (x1: number, y1: number, x2: number, y2: number, style: PrimitiveStyle = {}): Primitive => ({
  kind: 'line',
  from: [x1, y1],
  to: [x2, y2],
  ...style,
});
export const polyline = (points: Point[], style: PrimitiveStyle = {}): Primitive => ({ kind: 'polyline', points, ...style });
export const polygon = (points: Point[], style: PrimitiveStyle = {}): Primitive => ({ kind: 'polyline', points, closed: true, ...style });
export const circle = (cx: number, cy: number, r: number, style: PrimitiveStyle = {}): Primitive => ({
  kind: 'circle',
  center: [cx, cy],
  r,
  ...style,
});
export const ellipse = (cx: number, cy: number, rx: number, ry: number, style: PrimitiveStyle = {}): Primitive => ({
  kind: 'ellipse',
  center: [cx, cy],
  rx,
  ry,
  ...style,
});
export const arc = (cx: number, cy: number, rx: number, ry: number, from: number, to: number, style: PrimitiveStyle = {}): Primitive => ({
  kind: 'arc',
  center: [cx, cy],
  rx,
  ry,
  from,
  to,
  ...style,
});
export const rect = (x: number, y: number, w: number, h: number, style: PrimitiveStyle = {}): Primitive => ({
  kind: 'rect',
  x,
  y,
  w,
  h,
  ...style,
});

/** The two triangles of a valve body meeting at the centre, `w` half-length and `h` half-height. */
export const bowtie = (w = 1, h = 0.6, style: PrimitiveStyle = {}, fillRight = false): Primitive[] => [
  polygon(
    [
      [-w, -h],
      [0, 0],
      [-w, h],
    ],
    style,
  ),
  polygon(
    [
      [w, -h],
      [0, 0],
      [w, h],
    ],
    fillRight ? { ...style, fill: true } : style,
  ),
];

/** A primitive as a polyline in the local frame, and whether it closes. */
export function primitivePoints(primitive: Primitive): { points: Point[]; closed: boolean } {
  switch (primitive.kind) {
    case 'line':
      return { points: [primitive.from, primitive.to], closed: false };
    case 'polyline':
      return { points: primitive.points, closed: primitive.closed ?? false };
    case 'rect': {
      const { x, y, w, h } = primitive;
      return {
        points: [
          [x, y],
          [x + w, y],
          [x + w, y + h],
          [x, y + h],
        ],
        closed: true,
      };
    }
    case 'circle':
      return { points: ellipsePoints(primitive.center, primitive.r, primitive.r, 0, 360), closed: true };
    case 'ellipse':
      return { points: ellipsePoints(primitive.center, primitive.rx, primitive.ry, 0, 360), closed: true };
    case 'arc':
      return { points: ellipsePoints(primitive.center, primitive.rx, primitive.ry, primitive.from, primitive.to), closed: false };
  }
}

export function ellipsePoints([cx, cy]: Point, rx: number, ry: number, from: number, to: number): Point[] {
  const full = Math.abs(to - from) >= 360;
  const steps = Math.max(8, Math.ceil(Math.abs(to - from) / 5));
  const points: Point[] = [];
  for (let i = 0; i < (full ? steps : steps + 1); i++) {
    const angle = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    points.push([cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)]);
  }
  return points;
}
