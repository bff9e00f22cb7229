import type { PixelBox, PixelPoint } from './ground-truth';

export function boxArea([x0, y0, x1, y1]: PixelBox): number {
  return Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
}

export function intersectionArea(a: PixelBox, b: PixelBox): number {
  return boxArea([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

export function iou(a: PixelBox, b: PixelBox): number {
  const common = intersectionArea(a, b);
  return common === 0 ? 0 : common / (boxArea(a) + boxArea(b) - common);
}

/** The share of `inner`'s area that `outer` covers. */
export function coverage(inner: PixelBox, outer: PixelBox): number {
  const area = boxArea(inner);
  return area === 0 ? 0 : intersectionArea(inner, outer) / area;
}

/** The axis-aligned box around some points (rotated box corners, a polygon). */
export function boundingBoxOf(points: PixelPoint[]): PixelBox {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function unionBox(boxes: PixelBox[]): PixelBox {
  return boundingBoxOf(
    boxes.flatMap(([x0, y0, x1, y1]): PixelPoint[] => [
      [x0, y0],
      [x1, y1],
    ]),
  );
}
