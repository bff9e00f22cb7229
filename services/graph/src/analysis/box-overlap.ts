import type { BoundingBox } from '@pid/contracts';

/** Two boxes that overlap at least this much (intersection over union) are taken for the same item. */
export const SAME_ITEM_MIN_IOU = 0.5;

/** Intersection over union of two boxes: 1 for the same box, 0 for boxes that do not overlap. */
export function intersectionOverUnion(a: BoundingBox, b: BoundingBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const intersection = width * height;
  return intersection / (a.width * a.height + b.width * b.height - intersection);
}

/** The candidate whose box overlaps `box` most, if that overlap reaches `SAME_ITEM_MIN_IOU`. */
export function bestOverlap<Candidate extends { box: BoundingBox }>(
  box: BoundingBox,
  candidates: readonly Candidate[],
): Candidate | undefined {
  let best: Candidate | undefined;
  let bestIou = SAME_ITEM_MIN_IOU;
  for (const candidate of candidates) {
    const iou = intersectionOverUnion(box, candidate.box);
    if (iou >= bestIou && (best === undefined || iou > bestIou)) {
      best = candidate;
      bestIou = iou;
    }
  }
  return best;
}
