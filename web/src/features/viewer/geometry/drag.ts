import type { BoundingBox } from '@pid/contracts';
import type { Point } from './mapping';

/** Dragging starts after 5 px of pointer movement on screen (spec §9). */
const DRAG_THRESHOLD_PX = 5;

export function exceedsDragThreshold(start: Point, current: Point, threshold = DRAG_THRESHOLD_PX): boolean {
  return Math.hypot(current.x - start.x, current.y - start.y) >= threshold;
}

/** The box moved by an image-space delta. */
export function moveBox(box: BoundingBox, delta: Point): BoundingBox {
  return { ...box, x: Math.round(box.x + delta.x), y: Math.round(box.y + delta.y) };
}

/** The smallest box a resize leaves, in image pixels. */
const MIN_BOX_SIZE = 4;

/** The box resized from its top-left corner by an image-space delta of its bottom-right corner. */
export function resizeBox(box: BoundingBox, delta: Point, min = MIN_BOX_SIZE): BoundingBox {
  return { ...box, width: Math.max(min, Math.round(box.width + delta.x)), height: Math.max(min, Math.round(box.height + delta.y)) };
}
