/** Symbol parts grouped into symbols: parts that touch, that a removed line cut apart, or that stand in one gap of a pipe. */
import { boxArea, boxesTouch, boxHeight, boxWidth, unionBox, type Box, type Component } from './components';
import { segmentCenter, type Segment } from './lines';
import { boxRing, runsThrough } from './symbol-shapes';
import { sideBySide } from './touching-rings';

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

export interface Group extends Box {
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
export interface InkMask {
  rest: Uint8Array;
  width: number;
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
 * The symbols among the parts left for them (`free`): parts grouped (`mergeGroups`), less what is no symbol (a flow
 * arrow's head, a line's sliver, the square where two lines cross, a speck). `bubbleCircles`: each bubble's circle.
 */
export function findGroups(
  free: Component[],
  segments: Segment[],
  unit: number,
  thickest: number,
  inkMask: InkMask,
  bubbleCircles: Map<Component, Box>,
): Group[] {
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
  const dashLike = (c: Box) => Math.min(boxWidth(c), boxHeight(c)) <= 2 * unit + 1 && Math.max(boxWidth(c), boxHeight(c)) <= 6 * unit;
  return mergeGroups(
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
}
