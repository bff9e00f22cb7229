import type { ElementType } from '@pid/contracts';
import {
  boxArea,
  boxesTouch,
  boxHeight,
  boxIou,
  boxOf,
  boxWidth,
  boxWithin,
  containsPoint,
  overlapArea,
  unionBox,
  type Box,
  type Component,
  type InkImage,
} from './components';
import { inkAllRound, outsideRings, ringBox, ringComponent, ringsIn, sideBySide } from './touching-rings';
import { segmentBox, segmentCenter, segmentLength, segmentThickness, type Segment } from './lines';
import { cutAtNecks } from './shell-necks';
import { findShells } from './shells';
import { findTextLines, maxTextSize, textLine, type TextLine } from './text-lines';

export interface DetectedSymbol extends Box {
  elementType: ElementType;
  description: string;
  confidence: number;
  /** The class named by the learned classifier (`gate_valve`), when it ran. */
  symbolClass?: string;
  /** Drawn with lines (a box, a shell): a shape no stray mark makes, whatever the classifier thinks. */
  outlined?: boolean;
  /** Holds two bars or more across a pipe (a butterfly valve's, an orifice's, a flange pair's): a symbol, whatever the classifier thinks. */
  barred?: boolean;
  /** Found only among the PDF's paths: kept when the classifier names it a symbol. */
  provisional?: boolean;
  /** Read as text, but a pipe reaches it: a symbol where the classifier names one. */
  textOnPipe?: boolean;
  /** One flange (or the plate) of a joint: the joint as drawn, which some drawings' truths box as one symbol. */
  joint?: Box;
  /** Where its pipes reach it, when that is more than its box: the candidate it was cut back from. */
  reach?: Box;
}

export interface SymbolResult {
  symbols: DetectedSymbol[];
  /** Lines of text outside the bubbles (tags, line numbers, notes). */
  textLines: TextLine[];
  /** Filled dots: junctions where lines meet. */
  dots: Box[];
  /** Segments that are part of a symbol's outline, not pipes. */
  outlines: Set<Segment>;
}

/** The stroke width that sizes everything else: the median thickness of the solid lines. */
export function strokeUnit(segments: Segment[]): number {
  const thicknesses = segments
    .filter((s) => !s.dashed)
    .map((s) => s.hi - s.lo + 1)
    .sort((a, b) => a - b);
  const median = thicknesses.length ? thicknesses[Math.floor(thicknesses.length / 2)] : 2;
  return Math.min(8, Math.max(2, median));
}

interface Rectangle {
  box: Box;
  edges: Segment[];
  /** Two halves of a square split by a bar: a shared-display instrument. */
  split?: boolean;
  /** Lines run on past one of its corners: a box only where it holds a circle (lines meeting a shared display there). */
  cornerLines?: boolean;
}

/** Closed axis-aligned rectangles made of four solid segments: boxes drawn for equipment. */
function findRectangles(segments: Segment[], unit: number): Rectangle[] {
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
 * Short strokes square to a pipe, centred on it, that the pipe reaches or crosses: a flange's or an orifice
 * plate's bars, a butterfly valve's ends, long enough to be found as lines. They are symbol strokes, not pipes.
 * A drawn box's sides are its outline, kept as lines.
 */
export function symbolBars(segments: Segment[], unit: number): Set<Segment> {
  const solid = segments.filter((s) => !s.dashed);
  const bars = new Set(acrossPipes(solid, solid, unit));
  if (bars.size === 0) return bars;
  for (const edge of findRectangles(solid, unit).flatMap((r) => (r.cornerLines ? [] : r.edges))) bars.delete(edge);
  return bars;
}

/** Strokes no longer than 12 widths, square to a longer pipe that reaches or crosses their middle. */
function acrossPipes(strokes: Segment[], pipes: Segment[], unit: number): Segment[] {
  const reach = 2 * unit + 2;
  return strokes.filter((bar) => {
    if (segmentLength(bar) > 12 * unit) return false;
    const middleFrom = bar.start + 0.2 * segmentLength(bar);
    const middleTo = bar.end - 0.2 * segmentLength(bar);
    return pipes.some(
      (p) =>
        !p.dashed &&
        p.orientation !== bar.orientation &&
        segmentLength(p) > segmentLength(bar) &&
        segmentCenter(p) >= middleFrom &&
        segmentCenter(p) <= middleTo &&
        ((p.start < bar.lo - reach && p.end >= bar.lo - reach) || (p.end > bar.hi + reach && p.start <= bar.hi + reach)),
    );
  });
}

/**
 * Bars across pipes among the components left after line removal: thin straight strokes too short to be
 * found as lines (a butterfly valve's ends on a large sheet), as segments.
 */
export function barComponents(components: Component[], pipes: Segment[], unit: number): Segment[] {
  const thin = 1.5 * unit + 1;
  const strokes = components.flatMap((c): Segment[] => {
    const [w, h] = [boxWidth(c), boxHeight(c)];
    // Straight: the stroke fills most of its box.
    if (c.area < 0.6 * w * h) return [];
    // Long enough not to be a letter's stroke or a hatch's.
    const long = Math.max(5 * unit, 12);
    if (w <= thin && h >= long) return [{ orientation: 'vertical', start: c.y0, end: c.y1, lo: c.x0, hi: c.x1, dashed: false }];
    if (h <= thin && w >= long) return [{ orientation: 'horizontal', start: c.x0, end: c.x1, lo: c.y0, hi: c.y1, dashed: false }];
    return [];
  });
  return acrossPipes(strokes, pipes, unit);
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

/** Solid segments by the row (horizontal) or column (vertical) of their centre, to find the one between two parts. */
class SegmentIndex {
  private readonly rows = new Map<number, Segment[]>();
  private readonly columns = new Map<number, Segment[]>();

  constructor(segments: Segment[]) {
    for (const s of segments) {
      const map = s.orientation === 'horizontal' ? this.rows : this.columns;
      const key = Math.round(segmentCenter(s));
      const list = map.get(key);
      if (list) list.push(s);
      else map.set(key, [s]);
    }
  }

  /**
   * A line runs through the gap between two parts, across the middle of both: the parts were one shape
   * that the line's removal cut (side by side along a horizontal line, or one above the other along a vertical one).
   */
  cutBetween(a: Box, b: Box): boolean {
    const [left, right] = a.x0 <= b.x0 ? [a, b] : [b, a];
    const [upper, lower] = a.y0 <= b.y0 ? [a, b] : [b, a];
    if (right.x0 > left.x1 && this.crosses(this.rows, left, right, [left.x1, right.x0], (p) => [p.y0, p.y1])) return true;
    return lower.y0 > upper.y1 && this.crosses(this.columns, upper, lower, [upper.y1, lower.y0], (p) => [p.x0, p.x1]);
  }

  private crosses(map: Map<number, Segment[]>, a: Box, b: Box, [from, to]: [number, number], span: (p: Box) => [number, number]): boolean {
    const [a0, a1] = span(a);
    const [b0, b1] = span(b);
    // Halves of one shape reach as far across the line (a valve's two cones, a flange's two bars).
    if (Math.min(a1, b1) - Math.max(a0, b0) < 0.7 * Math.max(a1 - a0, b1 - b0)) return false;
    // The line's centre lies in the middle half of both parts' extent across it.
    const lo = Math.max(a0 + 0.25 * (a1 - a0), b0 + 0.25 * (b1 - b0));
    const hi = Math.min(a1 - 0.25 * (a1 - a0), b1 - 0.25 * (b1 - b0));
    // A line across the gap, or lines on the axis that a few pixels of the gap part (a pipe found in pieces
    // through a filled valve's narrow waist, or as the two edges of the stroke).
    const pieces: Segment[] = [];
    for (let key = Math.ceil(lo); key <= Math.floor(hi); key++)
      pieces.push(...(map.get(key) ?? []).filter((s) => s.end >= from && s.start <= to));
    pieces.sort((p, q) => p.start - q.start);
    let reached = from + 1;
    let started = false;
    for (const piece of pieces) {
      if (piece.start > reached + (started ? 3 : 0)) break;
      reached = Math.max(reached, piece.end);
      started = true;
    }
    return reached >= to - 1;
  }
}

interface Group extends Box {
  members: Component[];
}

/** The first index of a sorted list from which `reached` holds (binary search). */
function firstFrom(sorted: number[], reached: (value: number) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (reached(sorted[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Where a pipe stops and goes on along the same axis a little further, what lies on the axis between is one
 * symbol drawn in separate strokes (a butterfly valve's bars and disc). Returns the index lists of such parts.
 */
function partsInPipeGaps(items: Component[], segments: Segment[], unit: number): number[][] {
  const maxSpan = 20 * unit;
  // A scan's blurred bar is thicker than the stroke width and the pipe runs into it.
  const tolerance = 2 * unit + 2;
  const parts: number[][] = [];
  for (const orientation of ['horizontal', 'vertical'] as const) {
    const horizontal = orientation === 'horizontal';
    const fromOf = (item: Component) => (horizontal ? item.x0 : item.y0);
    // Items by where they begin along the axis: each gap looks only at those that begin within it.
    const byFrom = items.map((_, index) => index).sort((a, b) => fromOf(items[a]) - fromOf(items[b]));
    const axisOf = segments
      .filter((s) => s.orientation === orientation)
      .sort((a, b) => segmentCenter(a) - segmentCenter(b) || a.start - b.start);
    // A pipe that turns where it stops (a line across starts or ends there: a corner) does not go on along
    // the axis; a valve's bar crosses it in its middle.
    const turnsAt = (along: number, axis: number) =>
      segments.some(
        (s) =>
          s.orientation !== orientation &&
          Math.abs(segmentCenter(s) - along) <= 2 * unit + 2 &&
          Math.min(Math.abs(s.start - axis), Math.abs(s.end - axis)) <= 2 * unit + 2,
      );
    for (let i = 0; i < axisOf.length; i++) {
      const before = axisOf[i];
      // The next segment on the same axis (centres a pixel apart either way) after this one ends.
      let after: Segment | undefined;
      let j = i;
      while (j > 0 && segmentCenter(before) - segmentCenter(axisOf[j - 1]) <= 1) j--;
      for (; j < axisOf.length && segmentCenter(axisOf[j]) - segmentCenter(before) <= 1; j++) {
        const s = axisOf[j];
        if (s.start > before.end && (!after || s.start < after.start)) after = s;
      }
      if (!after || after.start - before.end > maxSpan) continue;
      const axis = (segmentCenter(before) + segmentCenter(after)) / 2;
      if (turnsAt(before.end, axis) || turnsAt(after.start, axis)) continue;
      const inside: number[] = [];
      let k = firstFrom(byFrom, (index) => fromOf(items[index]) >= before.end - tolerance);
      for (; k < byFrom.length && fromOf(items[byFrom[k]]) <= after.start + tolerance; k++) {
        const item = items[byFrom[k]];
        const [to, lo, hi] = horizontal ? [item.x1, item.y0, item.y1] : [item.y1, item.x0, item.x1];
        if (to <= after.start + tolerance && lo <= axis && hi >= axis) inside.push(byFrom[k]);
      }
      if (inside.length > 1) parts.push(inside);
    }
  }
  return parts;
}

/** The ink left after line removal. */
interface InkMask {
  rest: Uint8Array;
  width: number;
}

/**
 * Ink spread alike over a blob's halves, top and bottom, left and right, as on a disc: a flow arrow's head
 * on a pipe (a triangle, wide at its base) is as full of its box as a small dot but not balanced.
 */
function balanced(box: Box, { rest, width }: InkMask): boolean {
  const [midX, midY] = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2];
  const halves = [0, 0, 0, 0];
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      if (!rest[y * width + x]) continue;
      if (y < midY) halves[0]++;
      if (y > midY) halves[1]++;
      if (x < midX) halves[2]++;
      if (x > midX) halves[3]++;
    }
  }
  const even = (a: number, b: number) => Math.min(a, b) >= 0.7 * Math.max(a, b);
  return even(halves[0], halves[1]) && even(halves[2], halves[3]);
}

/**
 * How much of a part's extent across the line its ink covers at the end facing the other part (the fuller of
 * its last two rows or columns).
 */
function facingCover(part: Box, towards: 'left' | 'right' | 'up' | 'down', { rest, width }: InkMask): number {
  const horizontal = towards === 'left' || towards === 'right';
  const [from, to] = horizontal ? [part.y0, part.y1] : [part.x0, part.x1];
  const edge = { left: part.x0, right: part.x1, up: part.y0, down: part.y1 }[towards];
  const inward = towards === 'left' || towards === 'up' ? 1 : -1;
  let best = 0;
  for (let k = 0; k < 2; k++) {
    const along = edge + inward * k;
    let covered = 0;
    for (let side = from; side <= to; side++) covered += rest[horizontal ? side * width + along : along * width + side];
    best = Math.max(best, covered / (to - from + 1));
  }
  return best;
}

/**
 * Two chunky parts facing each other with a stroke across their full width (a valve's base, then the next
 * valve's) are two symbols in a row; one shape cut by the line faces its other half with narrow tips (a valve's
 * cones) or open corners (a valve's body under its actuator), and a flange's bars are thin.
 */
function twoSymbolsInARow(a: Box, b: Box, unit: number, ink: InkMask): boolean {
  const horizontal = a.x1 < b.x0 || b.x1 < a.x0;
  const [first, second] = horizontal ? (a.x0 <= b.x0 ? [a, b] : [b, a]) : a.y0 <= b.y0 ? [a, b] : [b, a];
  const length = (box: Box) => (horizontal ? boxWidth(box) : boxHeight(box));
  if (Math.min(length(first), length(second)) <= 2 * unit + 2) return false;
  const square = 0.7;
  return facingCover(first, horizontal ? 'right' : 'down', ink) >= square && facingCover(second, horizontal ? 'left' : 'up', ink) >= square;
}

/**
 * Symbol parts that touch (within `gap`) are one symbol, and so are parts on either side of a stretch of
 * line (within `lineGap`): removing the line cut the symbol there (a valve's halves, a flange's two bars);
 * and so are parts in one gap of a pipe. Never two parts `apart` says are apart, nor two groups holding members
 * `distinct` keeps apart (bubbles side by side), whatever joins them.
 */
function mergeGroups(
  items: Component[],
  gap: number,
  lineGap: number,
  segments: Segment[],
  unit: number,
  ink: InkMask,
  apart: (a: Component, b: Component) => boolean,
  distinct: { holds: (c: Component) => boolean; apart: (a: Component, b: Component) => boolean },
): Group[] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  // The members each group holds that must stay in groups of their own (bubbles side by side), by root.
  const held = items.map((item) => (distinct.holds(item) ? [item] : []));
  const unite = (i: number, j: number) => {
    const [a, b] = [find(i), find(j)];
    if (a === b || held[a].some((x) => held[b].some((y) => distinct.apart(x, y)))) return;
    parent[a] = b;
    held[b] = [...held[b], ...held[a]];
  };
  const order = items.map((_, i) => i).sort((a, b) => items[a].x0 - items[b].x0);
  // A stub cut between two parts is a pipe joining two symbols, not a line through one.
  const across = new SegmentIndex(segments.filter((s) => !s.stub));
  for (let a = 0; a < order.length; a++) {
    const first = items[order[a]];
    for (let b = a + 1; b < order.length; b++) {
      const second = items[order[b]];
      if (second.x0 - Math.max(gap, lineGap) > first.x1) break;
      if (apart(first, second)) continue;
      if (
        boxesTouch(first, second, gap) ||
        (boxesTouch(first, second, lineGap) && across.cutBetween(first, second) && !twoSymbolsInARow(first, second, unit, ink))
      )
        unite(order[a], order[b]);
    }
  }
  for (const [first, ...rest] of partsInPipeGaps(items, segments, unit)) for (const other of rest) unite(other, first);
  const groups = new Map<number, Group>();
  items.forEach((item, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) {
      Object.assign(group, unionBox(group, item));
      group.members.push(item);
    } else groups.set(root, { x0: item.x0, y0: item.y0, x1: item.x1, y1: item.y1, members: [item] });
  });
  return [...groups.values()];
}

/**
 * Which sides of a box pipes reach: a pipe arrives at a side, or runs on into the box (through a filled
 * shape whose middle row is unbroken), or passes through.
 */
function sidesOnLines(box: Box, segments: Segment[], tolerance: number) {
  let horizontalSides = 0;
  let verticalSides = 0;
  for (const s of segments) {
    const c = segmentCenter(s);
    const [lo, hi, from, to] = s.orientation === 'horizontal' ? [box.y0, box.y1, box.x0, box.x1] : [box.x0, box.x1, box.y0, box.y1];
    if (c < lo || c > hi) continue;
    let sides = 0;
    if (s.start < from && s.end >= from - tolerance) sides |= 1;
    if (s.end > to && s.start <= to + tolerance) sides |= 2;
    if (s.orientation === 'horizontal') horizontalSides |= sides;
    else verticalSides |= sides;
  }
  return { through: horizontalSides === 3 || verticalSides === 3, touched: horizontalSides !== 0 || verticalSides !== 0 };
}

/** A segment that runs through a box from side to side, across its middle. */
function runsThrough(s: Segment, box: Box, maxMargin = Infinity): boolean {
  const c = segmentCenter(s);
  const [lo, hi, from, to] = s.orientation === 'horizontal' ? [box.y0, box.y1, box.x0, box.x1] : [box.x0, box.x1, box.y0, box.y1];
  const margin = Math.min(0.2 * (hi - lo), maxMargin);
  return c > lo + margin && c < hi - margin && s.start < from && s.end > to;
}

/**
 * A segment that ends at a box's side, arriving square to it within its middle (a pipe at its port), or
 * runs on into the box (into a blind flange's plate) and ends there.
 */
function endsAt(s: Segment, box: Box, unit: number, maxMargin = Infinity): boolean {
  const c = segmentCenter(s);
  const reach = 2 * unit + 2;
  const [lo, hi, from, to] = s.orientation === 'horizontal' ? [box.y0, box.y1, box.x0, box.x1] : [box.x0, box.x1, box.y0, box.y1];
  const margin = Math.min(0.2 * (hi - lo), maxMargin);
  if (c <= lo + margin || c >= hi - margin) return false;
  return (
    (s.start < from && s.end >= from - reach && s.end <= to + reach) || (s.end > to && s.start <= to + reach && s.start >= from - reach)
  );
}

/** The circle a round box bounds. */
const boxRing = (box: Box) => ({ cx: (box.x0 + box.x1) / 2, cy: (box.y0 + box.y1) / 2, r: (boxWidth(box) + boxHeight(box)) / 4 });

/**
 * The circle inside a component with thin spurs stuck to it (dashes of a signal line touching a bubble): the
 * box trimmed of edge rows and columns whose ink is a stroke wide, if ink lies all round the circle it bounds.
 */
function ringInside(component: Component, { rest, width }: InkMask, unit: number): Box | undefined {
  const box = boxOf(component);
  const inkAcross = (horizontal: boolean, at: number) => {
    let count = 0;
    const [from, to] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
    for (let k = from; k <= to; k++) count += rest[horizontal ? at * width + k : k * width + at];
    return count;
  };
  const thin = 2 * unit + 1;
  const limit = 0.25 * Math.max(boxWidth(box), boxHeight(box));
  let trimmed = 0;
  for (let changed = true; changed && trimmed <= limit;) {
    changed = false;
    if (inkAcross(false, box.x0) <= thin) [box.x0, changed] = [box.x0 + 1, true];
    if (inkAcross(false, box.x1) <= thin) [box.x1, changed] = [box.x1 - 1, true];
    if (inkAcross(true, box.y0) <= thin) [box.y0, changed] = [box.y0 + 1, true];
    if (inkAcross(true, box.y1) <= thin) [box.y1, changed] = [box.y1 - 1, true];
    if (changed) trimmed++;
  }
  const [w, h] = [boxWidth(box), boxHeight(box)];
  if (trimmed === 0 || trimmed > limit || w / h < 0.85 || w / h > 1.18 || Math.max(w, h) < 5 * unit) return undefined;
  // Ink on the circle the box bounds, within a stroke and a half inside its edge, all round.
  return inkAllRound(boxRing(box), { mask: rest, width, height: rest.length / width }, unit) ? box : undefined;
}

/** A drawn circle: round box, ink at an even distance from the centre, hollow. */
function isRing(component: Component, unit: number): boolean {
  const width = boxWidth(component);
  const height = boxHeight(component);
  const aspect = width / height;
  const relativeDeviation = component.meanRadius > 0 ? component.radiusDeviation / component.meanRadius : 1;
  const fill = component.area / (width * height);
  return (
    aspect > 0.8 &&
    aspect < 1.25 &&
    Math.max(width, height) >= 5 * unit &&
    relativeDeviation < 0.15 &&
    fill < 0.5 &&
    component.meanRadius > 0.35 * width
  );
}

/**
 * `maxBubble`: the largest circle taken for an instrument bubble. Bubbles are about 10–12 mm across on any
 * sheet size, pumps and tanks larger: 40 strokes, or 2.2 % of the long side of the page.
 */
function classify(group: Group, segments: Segment[], unit: number, bubbles: Map<Component, Box>): DetectedSymbol {
  const width = boxWidth(group);
  const height = boxHeight(group);
  const size = Math.max(width, height);
  const main = group.members.reduce((a, b) => (boxArea(b) > boxArea(a) ? b : a));
  const relativeDeviation = main.meanRadius > 0 ? main.radiusDeviation / main.meanRadius : 1;
  const circle = isRing(main, unit);
  const box = boxOf(group);
  const score = circle ? Math.max(0, 1 - relativeDeviation / 0.15) : 0.5;
  // A bubble carries its tag inside; an empty circle is a pump casing, a tank in plan, a drum.
  // The bubble is its circle: a dash or leader stuck to it is no part of it (and would put its tag off-centre).
  const ring = bubbles.get(main);
  if (ring)
    return {
      x0: ring.x0,
      y0: ring.y0,
      x1: ring.x1,
      y1: ring.y1,
      elementType: 'instrument',
      description: 'instrument bubble',
      confidence: 0.55 + 0.4 * score,
    };
  if (circle) return { ...box, elementType: 'equipment', description: 'equipment (round)', confidence: 0.45 + 0.3 * score };
  const lines = sidesOnLines(group, segments, 2 * unit + 3);
  const groupAspect = width / height;
  const textLike = height <= 10 * unit && (group.members.length >= 2 ? groupAspect >= 1.2 : !lines.touched);
  if (lines.through && size <= 30 * unit && groupAspect <= 3 && groupAspect >= 1 / 3 && !(textLike && !lines.touched)) {
    return { ...box, elementType: 'valve', description: 'valve', confidence: size >= 4 * unit ? 0.7 : 0.5 };
  }
  if (size >= 30 * unit && !textLike) return { ...box, elementType: 'equipment', description: 'equipment', confidence: 0.5 };
  if (textLike && !lines.through)
    return { ...box, elementType: 'text', description: 'text', confidence: 0.4, ...(lines.touched ? { textOnPipe: true } : {}) };
  return { ...box, elementType: 'fitting', description: lines.touched ? 'fitting' : 'symbol', confidence: lines.touched ? 0.4 : 0.3 };
}

/** The description of equipment read from a rectangle drawn with lines. */
export const BOX_EQUIPMENT = 'equipment (box)';

/** How far a junction dot stands out of each side of its line, at least, in line widths (drawn, about one). */
const DOT_STANDS_OUT = 0.25;

/**
 * Symbols from the components left after line removal (their pixels in `ink`), plus rectangles drawn with
 * lines. `knownText`: where a PDF's text layer puts its texts. Their letters are no symbol's part, however
 * close they are drawn (a tag touching a valve's actuator); inside a bubble they still make it one.
 */
export function findSymbols(
  components: Component[],
  segments: Segment[],
  width: number,
  height: number,
  unit: number,
  ink: Uint8Array,
  knownText: Box[] = [],
): SymbolResult {
  const dots: Box[] = [];
  const candidates: Component[] = [];
  const inkMask: InkMask = { rest: ink, width };
  // Bits of a scanned line's ragged edge that its removal left (they would chain the symbols on it together):
  // small, inside a pipe's band, where no other line meets it (a crossing or a corner is kept on purpose).
  const thickest = segments.reduce((widest, s) => Math.max(widest, segmentThickness(s)), 0);
  const inBand = (c: Box, s: Segment, margin: number) => {
    const [lo, hi, from, to] = s.orientation === 'horizontal' ? [c.y0, c.y1, c.x0, c.x1] : [c.x0, c.x1, c.y0, c.y1];
    return lo >= s.lo - margin && hi <= s.hi + margin && from >= s.start - margin && to <= s.end + margin;
  };
  const along = (c: Box, s: Segment) => (s.orientation === 'horizontal' ? boxWidth(c) : boxHeight(c));
  const lineResidue = (c: Component) => {
    if (Math.min(boxWidth(c), boxHeight(c)) > thickest + 4) return false;
    const line = segments.find((s) => inBand(c, s, 2) && segmentLength(s) >= 15 * unit && along(c, s) <= 0.1 * segmentLength(s));
    return line !== undefined && !segments.some((s) => s.orientation !== line.orientation && boxesTouch(c, segmentBox(s), 1));
  };
  // A junction dot is a disc on the lines it joins: it stands out alike on both sides of each (a flow arrow's
  // head drawn from a pipe's edge, where the pipe it points along breaks for a crossing, stands out on one side),
  // and by a share of the line's width (the square where two heavy lines cross or bend is no dot).
  const centredOn = (c: Box, lines: Segment[]) =>
    lines.every((s) => {
      const [lo, hi] = s.orientation === 'horizontal' ? [c.y0, c.y1] : [c.x0, c.x1];
      const [before, after] = [s.lo - lo, hi - s.hi];
      const standsOut = Math.min(before, after) >= Math.max(1, DOT_STANDS_OUT * segmentThickness(s));
      return standsOut && Math.abs(before - after) <= Math.max(2, 0.5 * Math.max(before, after));
    });
  for (const c of components) {
    const w = boxWidth(c);
    const h = boxHeight(c);
    const size = Math.max(w, h);
    const fill = c.area / (w * h);
    // A filled disc fills π/4 of its box; letters (E, B) fill less. A junction dot sits on a line; a
    // disc beside the line is part of a symbol (a spectacle blind's blank).
    const linesUnder = () => segments.filter((s) => containsPoint(segmentBox(s), (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2, unit));
    const round = fill >= 0.7 && w / h > 0.75 && w / h < 1.33 && size >= 2 * unit + 1 && size <= 6 * unit;
    // A flow arrow's head on a line is as round a blob but no junction, and no symbol either.
    const under = round ? linesUnder() : [];
    if (under.length > 0) {
      if (balanced(c, inkMask) && centredOn(c, under)) dots.push(c);
      continue;
    }
    // Specks smaller than a stroke are noise; small marks (a hyphen) only join words together.
    if (size < unit) continue;
    if (lineResidue(c)) continue;
    if (w > width * 0.5 || h > height * 0.5) continue;
    candidates.push(c);
  }
  const maxBubble = Math.max(40 * unit, 0.022 * Math.max(width, height));
  // An instrument bubble holds its tag: what lies inside it is read with the bubble, not as free text.
  // A letter O is a ring too, but an empty one.
  const centreInside = (outer: Box, c: Component) =>
    containsPoint(outer, (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2) && boxWidth(c) < 0.7 * boxWidth(outer);
  // A signal line's last dash often touches its bubble: the circle is then found inside the spurs.
  const spurred = new Map(candidates.map((c) => [c, isRing(c, unit) ? undefined : ringInside(c, inkMask, unit)]));
  // A bubble with a leader stuck to it, or drawn against another bubble (a flow element's against its
  // transmitter's), is one blob: each circle in it holding text is a bubble of its own, each piece of the ink left
  // a component. Only blobs with text inside them are searched, for circles larger than a line of text.
  const inkImage: InkImage = { mask: ink, width, height };
  const holdsText = (outer: Box, c: Component) => candidates.filter((inner) => inner !== c && centreInside(outer, inner)).length >= 2;
  for (const c of [...candidates]) {
    const [w, h] = [boxWidth(c), boxHeight(c)];
    const blob = Math.min(w, h) >= maxTextSize(unit) && Math.max(w, h) <= 3 * maxBubble && c.area < 0.5 * w * h;
    if (!blob || isRing(c, unit) || spurred.get(c) || !holdsText(c, c)) continue;
    const rings = ringsIn(c, inkImage, unit, maxTextSize(unit) / 2, maxBubble / 2).filter((ring) => holdsText(ringBox(ring, unit), c));
    if (rings.length === 0) continue;
    const parts = [
      ...rings.flatMap((ring) => ringComponent(ring, inkImage, unit) ?? []),
      ...outsideRings(c, rings, inkImage, unit, 4 * unit),
    ];
    candidates.splice(candidates.indexOf(c), 1, ...parts);
  }
  const circles = new Map<Component, Box>();
  for (const c of candidates) {
    // (A piece split from a blob is looked at here for the first time.)
    const circle = isRing(c, unit) ? c : spurred.has(c) ? spurred.get(c) : ringInside(c, inkMask, unit);
    if (circle && boxWidth(circle) <= maxBubble) circles.set(c, circle);
  }
  const bubbles = candidates.filter((c) => {
    const circle = circles.get(c);
    return circle !== undefined && candidates.filter((inner) => inner !== c && centreInside(circle, inner)).length >= 2;
  });
  const inBubble = new Set(candidates.filter((c) => bubbles.some((bubble) => bubble !== c && centreInside(circles.get(bubble)!, c))));
  const isKnownText = (c: Component) =>
    knownText.some((t) => containsPoint(t, (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2) && overlapArea(t, c) >= 0.8 * boxArea(c));
  const text = findTextLines(
    candidates.filter((c) => !inBubble.has(c) && !bubbles.includes(c) && !isKnownText(c)),
    unit,
    maxTextSize(unit),
  );
  // Text sits beside lines; "letters" strung on a line (a valve's two halves) or where a pipe ends (its
  // port) are a symbol.
  const onLine = (line: Box) => segments.some((s) => !s.dashed && (runsThrough(s, line) || endsAt(s, line, unit)));
  // A pipe through or to a tall "letter" off its middle (a valve atop its drain leg, taken as one blob) makes it
  // a symbol's.
  const onMember = (member: Box) =>
    segments.some((s) => !s.dashed && (runsThrough(s, member, 2 * unit) || endsAt(s, member, unit, 2 * unit)));
  const textLines: TextLine[] = [];
  const rest = [...text.rest];
  for (const line of text.lines) {
    // A pipe reaches a member where it passes beside a long line's end (a valve, then its tag).
    if (!onLine(line) && !line.members.some(onMember)) {
      textLines.push(line);
      continue;
    }
    // A tag written right beside its valve chains with it: the symbol is what the pipe reaches and what
    // touches that; the letters left over are still a line of text.
    const symbol = line.members.filter(onMember);
    for (let grown = true; grown;) {
      const more = line.members.filter((m) => !symbol.includes(m) && symbol.some((part) => boxesTouch(part, m, 2 * unit)));
      symbol.push(...more);
      grown = more.length > 0;
    }
    rest.push(...symbol);
    const letters = line.members.filter((m) => !symbol.includes(m));
    if (symbol.length > 0 && letters.length >= 2) textLines.push(textLine(letters, line.orientation));
    else rest.push(...letters);
  }

  const outlines = new Set<Segment>();
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
  const drawnBoxes = joinSplitBoxes(findRectangles(segments, unit), maxBubble);
  const circled = new Set(drawnBoxes.filter(holdsCircle));
  const rectangles = drawnBoxes
    .filter((r) => !r.cornerLines || circled.has(r))
    .sort((a, b) => Number(a.cornerLines ?? false) - Number(b.cornerLines ?? false))
    .filter((r, i, all) => !all.slice(0, i).some((other) => boxIou(other.box, r.box) > 0.9));
  // The lines meeting a box at its corner run on as pipes: only their stretch along the box is its outline.
  for (const rectangle of rectangles)
    rectangle.edges
      .filter((edge) => !rectangle.cornerLines || boxWithin(segmentBox(edge), rectangle.box, unit + 1))
      .forEach((edge) => outlines.add(edge));
  // What lies inside a box (a circle touching its sides included) is part of it.
  const free = [...bubbles, ...rest].filter((c) => !rectangles.some((r) => boxWithin(c, r.box, unit + 1)));
  // Slivers along a line are what is left of its stroke (a scan's ragged edge), not symbols.
  const sliver = (g: Box) => {
    const horizontal = boxWidth(g) >= boxHeight(g);
    if (Math.min(boxWidth(g), boxHeight(g)) > 2 * unit + 1) return false;
    const centre = horizontal ? (g.y0 + g.y1) / 2 : (g.x0 + g.x1) / 2;
    const [from, to] = horizontal ? [g.x0, g.x1] : [g.y0, g.y1];
    return segments.some(
      (s) =>
        (s.orientation === 'horizontal') === horizontal &&
        Math.abs(segmentCenter(s) - centre) <= unit + 1 &&
        // Along it, not ending at it (a signal line ending at an orifice plate's bars).
        Math.min(s.end, to) - Math.max(s.start, from) >= 0.5 * (to - from),
    );
  };
  // Parts of one symbol are close (a check valve's bar, once removed as a line, leaves a gap).
  // Where two pipes cross, the crossing square is kept (each line "crosses" the other): not a symbol.
  const crossing = (g: Box) => {
    if (Math.max(boxWidth(g), boxHeight(g)) > 3 * unit + 2) return false;
    const x = (g.x0 + g.x1) / 2;
    const y = (g.y0 + g.y1) / 2;
    const through = (orientation: Segment['orientation'], across: number, along: number) =>
      segments.some(
        (s) =>
          s.orientation === orientation &&
          Math.abs(segmentCenter(s) - across) <= unit + 1 &&
          s.start <= along + unit &&
          s.end >= along - unit,
      );
    return through('horizontal', y, x) && through('vertical', x, y);
  };
  // A flow arrow is a small filled head on a pipe that runs on through it; valves are larger.
  const flowArrow = (g: Group) => {
    const size = Math.max(boxWidth(g), boxHeight(g));
    const ink = g.members.reduce((sum, m) => sum + m.area, 0);
    return size <= 4 * unit + 2 && ink >= 0.4 * boxArea(g) && segments.some((s) => !s.dashed && runsThrough(s, g));
  };
  const lineGap = thickest + 2 * unit + 2;
  const bubbleCircles = new Map(bubbles.map((bubble) => [bubble, circles.get(bubble)!]));
  const dashLike = (c: Box) => Math.min(boxWidth(c), boxHeight(c)) <= 2 * unit + 1 && Math.max(boxWidth(c), boxHeight(c)) <= 6 * unit;
  const groups = mergeGroups(
    free,
    Math.max(2, Math.round(2.5 * unit)),
    lineGap,
    segments.filter((s) => !s.dashed),
    unit,
    inkMask,
    // A bubble is whole: the dashes of its signal line beside it are not part of it, nor is a bubble beside it (drawn
    // against it, or joined to it by what lies between); a circle inside it is (a double ring).
    (a, b) => (bubbleCircles.has(a) && dashLike(b)) || (bubbleCircles.has(b) && dashLike(a)),
    { holds: (c) => bubbleCircles.has(c), apart: (a, b) => sideBySide(boxRing(bubbleCircles.get(a)!), boxRing(bubbleCircles.get(b)!)) },
  ).filter(
    (g) =>
      !flowArrow(g) &&
      Math.max(boxWidth(g), boxHeight(g)) >= 2 * unit + 2 &&
      g.members.reduce((sum, m) => sum + m.area, 0) >= 4 * unit &&
      !sliver(g) &&
      !crossing(g),
  );

  const shells = findShells(
    groups,
    segments.filter((s) => !outlines.has(s)),
    unit,
  ).map((shell) => ({ ...shell, ...cutAtNecks(shell, inkImage, unit) }));
  const absorbed = new Set(shells.flatMap((shell) => shell.heads));
  for (const shell of shells) shell.outline.forEach((side) => outlines.add(side));

  const pipes = segments.filter((s) => !outlines.has(s));
  const symbols: DetectedSymbol[] = [
    ...rectangles.map((r): DetectedSymbol => {
      if (r.split || circled.has(r))
        return { ...r.box, elementType: 'instrument', description: 'instrument (shared display)', confidence: 0.75, outlined: true };
      return { ...r.box, elementType: 'equipment', description: BOX_EQUIPMENT, confidence: 0.6, outlined: true };
    }),
    ...shells.map((shell): DetectedSymbol =>
      shell.connector
        ? { ...shell.box, elementType: 'off_page_connector', description: 'off-page connector', confidence: 0.6, outlined: true }
        : { ...shell.box, elementType: 'equipment', description: 'equipment (vessel)', confidence: 0.55, outlined: true },
    ),
    // What hung on a stub beyond a shell's head: a symbol on the pipe leaving it.
    ...shells.flatMap((shell) =>
      shell.beyond.map((box): DetectedSymbol => ({ ...box, elementType: 'fitting', description: 'fitting', confidence: 0.4 })),
    ),
    ...groups.filter((_, i) => !absorbed.has(i)).map((g) => classify(g, pipes, unit, bubbleCircles)),
  ];
  return { symbols, textLines, dots, outlines };
}
