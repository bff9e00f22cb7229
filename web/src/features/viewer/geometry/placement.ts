import type { BoundingBox } from '@pid/contracts';
import type { Point } from './mapping';

/** A new element's box: at least 36 × 36 (spec §9), centred on the click. */
const NEW_ELEMENT_SIZE = 36;

/** A new element's side on a sheet `imageWidth` pixels wide: 1/80 of it (about a symbol on an A1 scan), at least 36. */
export function newElementSize(imageWidth: number): number {
  return Math.max(NEW_ELEMENT_SIZE, Math.round(imageWidth / 80));
}

export function newElementBox(click: Point, imageWidth = 0): BoundingBox {
  const size = newElementSize(imageWidth);
  return { x: Math.round(click.x - size / 2), y: Math.round(click.y - size / 2), width: size, height: size };
}

export function boxCenter(box: BoundingBox): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export function containsPoint(box: BoundingBox, point: Point): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}
