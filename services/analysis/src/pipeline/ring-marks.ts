import { boxArea, boxesTouch, boxHeight, boxWidth, overlapArea, type Box, type Component, type InkImage } from './components';
import { longestSegment, segmentCenter, type Segment } from './lines';

/**
 * Data-link rings: ISA 5.1 draws a software or data link as a thin line that stops at a small ring every so often
 * (`-o-o-`). A small hollow ring with a piece of line ending at each side, on the axis through its centre, is the
 * line's mark: the line goes on through it, and the ring is no symbol (though it looks like a small fitting to the
 * detector and to the line-ink model). It stands alone on its line: an instrument bubble holds its tag, and a ring
 * that is part of a symbol has the symbol's other parts beside it (a ball valve's triangles, a flange's bars).
 * `rest`: the page's ink with the lines taken out, which `components` were found in.
 */
export function bridgeRings(
  components: Component[],
  segments: Segment[],
  rest: InkImage,
  unit: number,
): { segments: Segment[]; rings: Component[] } {
  const tolerance = 2 * unit + 2;
  const rings: Component[] = [];
  let current = segments;
  for (const c of components) {
    if (!isHollowRing(c, rest, unit) || components.some((other) => other !== c && boxesTouch(other, c, ringClearance(c)))) continue;
    for (const orientation of ['horizontal', 'vertical'] as const) {
      const horizontal = orientation === 'horizontal';
      const [from, to] = horizontal ? [c.x0, c.x1] : [c.y0, c.y1];
      const centre = horizontal ? (c.y0 + c.y1) / 2 : (c.x0 + c.x1) / 2;
      const onAxis = (s: Segment) =>
        s.orientation === orientation && Math.abs(segmentCenter(s) - centre) <= Math.max(unit, 0.15 * (to - from));
      const before = longestSegment(current.filter((s) => onAxis(s) && Math.abs(s.end - from) <= tolerance));
      const after = longestSegment(current.filter((s) => s !== before && onAxis(s) && Math.abs(s.start - to) <= tolerance));
      if (!before || !after) continue;
      rings.push(c);
      const joined: Segment = { ...before, end: after.end, lo: Math.min(before.lo, after.lo), hi: Math.max(before.hi, after.hi) };
      current = [...current.filter((s) => s !== before && s !== after), joined];
      break;
    }
  }
  return { segments: current, rings };
}

/** How far from a ring its line's other marks and any symbol's parts stand, at least: half its size. */
const ringClearance = (c: Box) => Math.round(0.5 * Math.max(boxWidth(c), boxHeight(c)));

/**
 * A ring several strokes across, about as wide as high, its ink on a rim: the mean distance of the ink from the
 * centre near the half width (a filled dot's is two thirds of that) and about the same all round, and its box's
 * corners bare (a small square's are inked).
 */
function isHollowRing(c: Component, rest: InkImage, unit: number): boolean {
  const size = Math.max(boxWidth(c), boxHeight(c));
  if (size < 3 * unit || size > 12 * unit || Math.min(boxWidth(c), boxHeight(c)) < 0.8 * size) return false;
  if (c.meanRadius < 0.38 * size || c.radiusDeviation > 0.15 * c.meanRadius) return false;
  const corner = Math.max(1, Math.round(0.12 * size));
  return [c.x0, c.x1 - corner + 1].every((x) => [c.y0, c.y1 - corner + 1].every((y) => bare(rest, x, y, corner)));
}

/** Whether a square of `side` pixels from x, y holds no ink. */
function bare({ mask, width }: InkImage, x0: number, y0: number, side: number): boolean {
  for (let y = y0; y < y0 + side; y++) for (let x = x0; x < x0 + side; x++) if (mask[y * width + x]) return false;
  return true;
}

/** Whether a box is a ring mark read as a symbol: it holds most of the ring and is not much larger. */
export const onRingMark = (rings: readonly Box[]) => (box: Box) =>
  rings.some((ring) => overlapArea(box, ring) >= 0.6 * boxArea(ring) && boxArea(box) <= 3 * boxArea(ring));
