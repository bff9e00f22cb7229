/** Boxes drawn with four lines: equipment, and instruments where they hold a circle (a shared display). */
import { boxArea, boxHeight, boxIou, boxWidth, containsPoint, unionBox, type Box, type Component } from './components';
import { segmentBox, segmentCenter, type Segment } from './lines';
import { isRing } from './symbol-shapes';

export interface Rectangle {
  box: Box;
  edges: Segment[];
  /** Two halves of a square split by a bar: a shared-display instrument. */
  split?: boolean;
  /** Lines run on past one of its corners: a box only where it holds a circle (lines meeting a shared display there). */
  cornerLines?: boolean;
}

/** Closed axis-aligned rectangles made of four solid segments: boxes drawn for equipment. */
export function findRectangles(segments: Segment[], unit: number): Rectangle[] {
  const tolerance = 2 * unit + 3;
  const minSide = 6 * unit;
  const horizontal = segments.filter((s) => s.orientation === 'horizontal' && !s.dashed);
  const vertical = segments.filter((s) => s.orientation === 'vertical' && !s.dashed);
  const found: Rectangle[] = [];
  // A plate exchanger's head bar (a thin box) overhangs its frame: the frame's edge that is the bar's side
  // runs on a little past both corners.
  const overhang = 4 * unit + 4;
  const barOutside = (edge: Segment, outward: number): Segment | undefined =>
    horizontal.find((h) => {
      const offset = (segmentCenter(h) - segmentCenter(edge)) * outward;
      return offset >= 2 && offset <= overhang && Math.abs(h.start - edge.start) <= tolerance && Math.abs(h.end - edge.end) <= tolerance;
    });
  // A side is one stroke, or pieces of one cut where pipes enter it (a short side is then found as stubs).
  const sideAt = (x: number, top: number, bottom: number): Segment[] | undefined => {
    const pieces = vertical
      .filter((v) => Math.abs(segmentCenter(v) - x) <= tolerance && v.end >= top - tolerance && v.start <= bottom + tolerance)
      .sort((a, b) => a.start - b.start);
    if (pieces.length === 0 || pieces[0].start > top + tolerance) return undefined;
    let reached = pieces[0].end;
    for (const piece of pieces.slice(1)) {
      if (piece.start > reached + tolerance) break;
      reached = Math.max(reached, piece.end);
    }
    return reached >= bottom - tolerance ? pieces.filter((v) => v.start <= reached) : undefined;
  };
  const sideBox = (pieces: Segment[]): Segment => ({
    ...pieces[0],
    start: Math.min(...pieces.map((v) => v.start)),
    end: Math.max(...pieces.map((v) => v.end)),
    lo: Math.min(...pieces.map((v) => v.lo)),
    hi: Math.max(...pieces.map((v) => v.hi)),
  });
  for (const top of horizontal) {
    for (const bottom of horizontal) {
      if (bottom === top || segmentCenter(bottom) - segmentCenter(top) < minSide) continue;
      const [startsEven, endsEven] = [Math.abs(top.start - bottom.start) <= tolerance, Math.abs(top.end - bottom.end) <= tolerance];
      const even = startsEven && endsEven;
      const overhangs = (edge: Segment, other: Segment) =>
        other.start - edge.start > tolerance &&
        other.start - edge.start <= overhang &&
        edge.end - other.end > tolerance &&
        edge.end - other.end <= overhang;
      const overhanging = even ? undefined : overhangs(top, bottom) ? top : overhangs(bottom, top) ? bottom : undefined;
      const head = overhanging && barOutside(overhanging, overhanging === top ? -1 : 1);
      // (Or one runs on past its end: a line meeting the box at that corner, counted with the corners below.)
      if (!even && !head && startsEven === endsEven) continue;
      if (top.end - top.start < minSide) continue;
      const topY = segmentCenter(top);
      const bottomY = segmentCenter(bottom);
      const thickness = (top.hi - top.lo) / 2;
      const leftPieces = sideAt(Math.max(top.start, bottom.start) + thickness, topY, bottomY);
      const rightPieces = sideAt(Math.min(top.end, bottom.end) - thickness, topY, bottomY);
      if (!leftPieces || !rightPieces) continue;
      const left = sideBox(leftPieces);
      const right = sideBox(rightPieces);
      // Pipes that happen to close a loop run on past its corners; a drawn box ends at them, or at the
      // next box of a stack (a box split by a bar). Lines running on past one corner alone may meet a box there.
      const leftX = segmentCenter(left);
      const rightX = segmentCenter(right);
      const rowAt = (y: number) =>
        horizontal.some((h) => Math.abs(segmentCenter(h) - y) <= tolerance && h.start <= leftX + tolerance && h.end >= rightX - tolerance);
      const pastStart = (h: Segment) => h !== overhanging && h.start < leftX - tolerance;
      const pastEnd = (h: Segment) => h !== overhanging && h.end > rightX + tolerance;
      const above = (v: Segment) => v.start < topY - tolerance && !rowAt(v.start);
      const below = (v: Segment) => v.end > bottomY + tolerance && !rowAt(v.end);
      const corners = [
        pastStart(top) || above(left),
        pastEnd(top) || above(right),
        pastStart(bottom) || below(left),
        pastEnd(bottom) || below(right),
      ].filter(Boolean).length;
      if (corners > 1) continue;
      const frame = { x0: left.lo, y0: top.lo, x1: right.hi, y1: bottom.hi };
      const box = head ? unionBox(frame, segmentBox(head)) : frame;
      // The smallest rectangle wins where rectangles share an edge (a box split in two is two boxes): a line across
      // it from side to side (as long as its top, or, where the top runs on, as wide as the box) splits it.
      const across = (h: Segment) =>
        (Math.abs(h.start - top.start) <= tolerance && Math.abs(h.end - top.end) <= tolerance) ||
        (corners > 0 && Math.abs(h.start - leftX) <= tolerance && Math.abs(h.end - rightX) <= tolerance);
      const between = horizontal.some(
        (h) => h !== top && h !== bottom && segmentCenter(h) > topY + tolerance && segmentCenter(h) < bottomY - tolerance && across(h),
      );
      const edges = [top, bottom, ...leftPieces, ...rightPieces, ...(head ? [head] : [])];
      if (!between) found.push({ box, edges, ...(corners > 0 ? { cornerLines: true } : {}) });
    }
  }
  return found;
}

/**
 * A shared-display instrument is a circle in a square, often with the panel bar across the middle: the bar
 * splits the square into two boxes that share an edge. Two such halves of a small square are one symbol.
 */
function joinSplitBoxes(rectangles: Rectangle[], maxSide: number): Rectangle[] {
  const joined = new Set<number>();
  const result: Rectangle[] = [];
  rectangles.forEach((a, i) => {
    if (joined.has(i)) return;
    const partner = rectangles.findIndex((b, j) => {
      if (j === i || joined.has(j)) return false;
      const union = unionBox(a.box, b.box);
      const aspect = boxWidth(union) / boxHeight(union);
      const area = boxArea(a.box) + boxArea(b.box);
      // Side by side (no overlap beyond the shared edge, no hole), square together, instrument-sized.
      const tight = area <= 1.15 * boxArea(union) && area >= 0.9 * boxArea(union);
      return tight && aspect > 0.75 && aspect < 1.33 && Math.max(boxWidth(union), boxHeight(union)) <= maxSide;
    });
    if (partner < 0) {
      result.push(a);
      return;
    }
    joined.add(i).add(partner);
    const cornerLines = a.cornerLines || rectangles[partner].cornerLines;
    result.push({
      box: unionBox(a.box, rectangles[partner].box),
      edges: [...a.edges, ...rectangles[partner].edges],
      split: true,
      ...(cornerLines ? { cornerLines } : {}),
    });
  });
  return result;
}

/**
 * The boxes drawn with lines on a page, and those of them that hold a circle (`candidates` the symbol ink): shared
 * displays, instruments. A box met at a corner by lines running on is kept only where it holds a circle.
 */
export function drawnBoxes(
  segments: Segment[],
  unit: number,
  maxBubble: number,
  candidates: Component[],
): { rectangles: Rectangle[]; circled: Set<Rectangle> } {
  // A circle in a square (ISA shared display / DCS instrument) is an instrument, not a box. Its circle may touch the
  // sides and lose its shape to them; a big arc or a stacked tag inside tells.
  const holdsCircle = (r: Rectangle) => {
    const side = Math.max(boxWidth(r.box), boxHeight(r.box));
    const aspect = boxWidth(r.box) / boxHeight(r.box);
    const inside = candidates.filter((c) => containsPoint(r.box, (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2));
    return (
      side <= maxBubble &&
      aspect > 0.75 &&
      aspect < 1.33 &&
      (inside.some((c) => isRing(c, unit) && boxWidth(c) >= 0.6 * side) ||
        (inside.some((c) => boxWidth(c) >= 0.6 * side && c.meanRadius > 0.3 * side) && inside.length >= 3))
    );
  };
  // One met at a corner is found as well as whole where the line meeting it runs on along the panel bar (a pipe into
  // its side): the box found whole goes first and stays.
  const found = joinSplitBoxes(findRectangles(segments, unit), maxBubble);
  const circled = new Set(found.filter(holdsCircle));
  const rectangles = found
    .filter((r) => !r.cornerLines || circled.has(r))
    .sort((a, b) => Number(a.cornerLines ?? false) - Number(b.cornerLines ?? false))
    .filter((r, i, all) => !all.slice(0, i).some((other) => boxIou(other.box, r.box) > 0.9));
  return { rectangles, circled };
}
