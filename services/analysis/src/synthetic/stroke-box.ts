import { boundsOf, type Box, type Point } from './geometry';

/** A polyline as the canvas strokes it (`PdfCanvas.path`): round caps, mitred joins. */
export interface Stroke {
  points: readonly Point[];
  closed: boolean;
  width: number;
}

/** PDF's default miter limit, which the canvas keeps: a sharper corner is bevelled. */
const MITER_LIMIT = 10;

/**
 * The box the strokes ink, grown by `bleed` (ink a scan spread that far each side): each point padded by half its pen
 * (caps and bevels), and the tip of each mitred corner, which on a valve's 60° point reaches a whole pen past it.
 */
export function strokedBox(strokes: readonly Stroke[], bleed = 0): Box {
  const boxes: Box[] = [];
  for (const { points, closed, width } of strokes) {
    const half = width / 2;
    boxes.push(boundsOf(points, half + bleed));
    const tips = miterTips(points, closed, half);
    if (tips.length) boxes.push(boundsOf(tips, bleed));
  }
  return boundsOf(
    boxes.flatMap(([x0, y0, x1, y1]): Point[] => [
      [x0, y0],
      [x1, y1],
    ]),
  );
}

/** The outer tip of each corner drawn with a miter join (not a straight run, not past the miter limit). */
function miterTips(points: readonly Point[], closed: boolean, half: number): Point[] {
  const tips: Point[] = [];
  const n = points.length;
  for (let i = closed ? 0 : 1; i < (closed ? n : n - 1); i++) {
    const corner = points[i];
    const before = unit(points[(i - 1 + n) % n], corner);
    const after = unit(points[(i + 1) % n], corner);
    if (!before || !after) continue;
    // The half-angle between the two legs: the miter reaches half / sin of it past the corner.
    const sinHalf = Math.sqrt(Math.max(0, (1 - (before[0] * after[0] + before[1] * after[1])) / 2));
    if (sinHalf < 1 / MITER_LIMIT || sinHalf > 0.999) continue;
    const outward = unit([-(before[0] + after[0]), -(before[1] + after[1])], [0, 0]);
    if (!outward) continue;
    const reach = half / sinHalf;
    tips.push([corner[0] + outward[0] * reach, corner[1] + outward[1] * reach]);
  }
  return tips;
}

/** The unit vector from `from` to `to`; undefined where they meet. */
function unit(to: Point, from: Point): Point | undefined {
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.hypot(dx, dy);
  return length < 1e-9 ? undefined : [dx / length, dy / length];
}
