import type { BoundingBox } from '@pid/contracts';
import type { Point } from './mapping';

/** A new element's box: 36 × 36, centred on the click (spec §9). */
export const NEW_ELEMENT_SIZE = 36;

export function newElementBox(click: Point, size = NEW_ELEMENT_SIZE): BoundingBox {
  return { x: Math.round(click.x - size / 2), y: Math.round(click.y - size / 2), width: size, height: size };
}

export function boxCenter(box: BoundingBox): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export function containsPoint(box: BoundingBox, point: Point): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}
