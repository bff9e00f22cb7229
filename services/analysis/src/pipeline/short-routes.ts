import type { PathSegment } from '@pid/contracts';
import { boxesTouch, containsPoint, inkAt, type Box, type InkImage } from './components';
import { segmentBox, segmentLength, type Segment } from './lines';
import { PIPE_END_REACHES } from './piece-ends';
import { solidReach } from './piece-lines';

/** Two symbols joined by a short bent stroke, and its path. */
export interface ShortRoute {
  a: number;
  b: number;
  path: PathSegment[];
}

/** At most this many bends: an L, a U or a Z. */
const MAX_BENDS = 2;
/** Bare steps a stroke may skip (a speck of paper across it). */
const MAX_BARE = 2;
/** How far past the stroke's end a symbol may stand and still be reached, in strokes (a stroke's end blurred short). */
const END_REACH_STROKES = 2;

type Axis = 'horizontal' | 'vertical';

interface Leg {
  axis: Axis;
  /** +1 or -1 along the axis. */
  step: 1 | -1;
  /** The stroke's rows (of a horizontal leg) or columns, where it starts. */
  band: [number, number];
  /** Where the leg starts along its axis (a bend's corner). */
  from: number;
}

/**
 * A pipe between two symbols drawn close, with a bend or two (down from a valve, along, up into the next), has no leg
 * long enough to be found as a line: the tracer sees neither, and `shortLinks` only crosses a straight gap. From each
 * thin stroke leaving a symbol's box, the stroke is followed through its bends, each leg shorter than a line
 * (`maxLeg`), into another symbol: a route, where the stroke is alone (no tee, no crossing, no ink widening into a
 * blob) and meets no text and no line found already (the tracer follows those; `lines` shorter than `maxLeg` are
 * stubs and legs, pieces of such routes).
 */
export function shortRoutes(
  symbols: Box[],
  ink: InkImage,
  unit: number,
  maxLeg: number,
  joined: (a: number, b: number) => boolean,
  text: Box[] = [],
  lines: Segment[] = [],
): ShortRoute[] {
  const routes = new Map<string, ShortRoute>();
  for (const { a, found } of followedStrokes(symbols, ink, unit, maxLeg, text, lines, false)) {
    if (found.path.length < 2) continue;
    const key = `${Math.min(a, found.b)}:${Math.max(a, found.b)}`;
    if (!routes.has(key) && !joined(a, found.b)) routes.set(key, { a, b: found.b, path: found.path });
  }
  return [...routes.values()];
}

/**
 * A pipe's last legs into a symbol, after one bend or two, each shorter than a line: the line found stops at the first
 * bend, in the open for the tracer. Where a thin stroke leaving a symbol runs, as `shortRoutes` follows it, through a
 * bend or two to the end of a solid line found, its legs are pieces of pipe (segments the tracer joins at the bends).
 * A straight leg is `legsToLines`'s.
 */
export function bentLegs(symbols: Box[], ink: InkImage, unit: number, maxLeg: number, text: Box[], lines: Segment[]): Segment[] {
  const legs: Segment[] = [];
  const half = Math.max(1, Math.round(unit / 2));
  // A line's end this near a symbol is the tracer's already (a vessel's dome drawn past its box leads to its pipe).
  const attached = ([x, y]: [number, number]) => symbols.some((box) => containsPoint(box, x, y, PIPE_END_REACHES * solidReach(unit)));
  for (const { found } of followedStrokes(symbols, ink, unit, maxLeg, text, lines, true)) {
    if (!found.line || found.path.length < 2 || attached(nearestEnd(found.line, found.path[found.path.length - 1].end))) continue;
    for (const { orientation, start, end } of found.path) {
      const [from, to, across] = orientation === 'horizontal' ? [start[0], end[0], start[1]] : [start[1], end[1], start[0]];
      const [lo, hi] = [Math.round(across) - half, Math.round(across) + half];
      legs.push({ orientation, start: Math.round(Math.min(from, to)), end: Math.round(Math.max(from, to)), lo, hi, dashed: false });
    }
  }
  return legs;
}

/** Each thin stroke leaving a symbol, followed through its bends to where it ends (`follow`). */
function followedStrokes(
  symbols: Box[],
  ink: InkImage,
  unit: number,
  maxLeg: number,
  text: Box[],
  lines: Segment[],
  toLineEnds: boolean,
): Array<{ a: number; found: Followed }> {
  // (A stub cut at a symbol, or a leg, may be a piece of the route itself.)
  const long = lines.filter((line) => segmentLength(line) >= maxLeg);
  const boxes = long.map(segmentBox);
  const followed: Array<{ a: number; found: Followed }> = [];
  symbols.forEach((box, a) => {
    const legs = exits(box, ink, unit);
    if (!legs.length) return;
    // A route runs at most three legs from its symbol: only what stands that near is in its way.
    const near = (other: Box) => boxesTouch(other, box, MAX_BENDS * maxLeg + maxLeg);
    const nearLines = long.filter((_, i) => near(boxes[i]));
    const around = {
      symbols,
      ink,
      unit,
      maxLeg,
      text: text.filter(near),
      lines: nearLines,
      lineBoxes: nearLines.map(segmentBox),
      toLineEnds,
    };
    for (const leg of legs) {
      const found = follow(a, leg, around);
      if (found) followed.push({ a, found });
    }
  });
  return followed;
}

/** The end of a line nearer a point. */
function nearestEnd(line: Segment, [x, y]: [number, number]): [number, number] {
  const along = line.orientation === 'horizontal' ? x : y;
  const end = Math.abs(along - line.start) <= Math.abs(along - line.end) ? line.start : line.end;
  const centre = (line.lo + line.hi) / 2;
  return line.orientation === 'horizontal' ? [end, centre] : [centre, end];
}

/** Whether one of a line's ends lies within `reach` of a point, along and across. */
function endsAt(line: Segment, point: [number, number], reach: number): boolean {
  const [x, y] = nearestEnd(line, point);
  return Math.abs(point[0] - x) <= reach && Math.abs(point[1] - y) <= reach;
}

/** A pixel of ink at `along` on the leg's axis and `across` it. */
const inkOn = (ink: InkImage, axis: Axis, along: number, across: number) =>
  axis === 'horizontal' ? inkAt(ink, along, across) : inkAt(ink, across, along);

const pointOn = (axis: Axis, along: number, across: number): [number, number] =>
  axis === 'horizontal' ? [along, across] : [across, along];

/** The thin strokes crossing the line a pixel outside each side of the box: where pipes may leave it. */
function exits(box: Box, ink: InkImage, unit: number): Leg[] {
  const thickest = 2 * unit + 2;
  const legs: Leg[] = [];
  const sides: Array<{ axis: Axis; step: 1 | -1; at: number; span: [number, number] }> = [
    { axis: 'horizontal', step: -1, at: box.x0 - 1, span: [box.y0, box.y1] },
    { axis: 'horizontal', step: 1, at: box.x1 + 1, span: [box.y0, box.y1] },
    { axis: 'vertical', step: -1, at: box.y0 - 1, span: [box.x0, box.x1] },
    { axis: 'vertical', step: 1, at: box.y1 + 1, span: [box.x0, box.x1] },
  ];
  for (const { axis, step, at, span } of sides) {
    for (let across = span[0]; across <= span[1]; across++) {
      if (!inkOn(ink, axis, at, across)) continue;
      let end = across;
      while (end + 1 <= span[1] && inkOn(ink, axis, at, end + 1)) end++;
      // A run touching the box's corner may be an outline going on round it.
      if (end - across + 1 <= thickest && across > span[0] && end < span[1]) legs.push({ axis, step, band: [across, end], from: at });
      across = end;
    }
  }
  return legs;
}

interface Surroundings {
  symbols: Box[];
  ink: InkImage;
  unit: number;
  maxLeg: number;
  text: Box[];
  /** Lines found, as long as a line or longer, and their boxes. */
  lines: Segment[];
  lineBoxes: Box[];
  /** Whether a route may end at a found line's end (`bentLegs`), not only in a symbol. */
  toLineEnds?: boolean;
}

/** Where a followed stroke ends: a symbol, or (`toLineEnds`) the end of a line found, and its path there. */
interface Followed {
  /** The symbol reached; -1 at a line's end. */
  b: number;
  line?: Segment;
  path: PathSegment[];
}

/** The ink run across the axis at `along` that overlaps `band` (a pixel of drift allowed), up to `limit` long. */
function runAt(ink: InkImage, axis: Axis, along: number, band: [number, number], limit: number): [number, number] | undefined {
  for (let across = band[0] - 1; across <= band[1] + 1; across++) {
    if (!inkOn(ink, axis, along, across)) continue;
    let [lo, hi] = [across, across];
    while (lo > across - limit && inkOn(ink, axis, along, lo - 1)) lo--;
    while (hi < across + limit && inkOn(ink, axis, along, hi + 1)) hi++;
    return [lo, hi];
  }
  return undefined;
}

/** Follows a stroke from symbol `a` through its bends: the symbol it runs into and the path, if it is a route. */
function follow(
  a: number,
  first: Leg,
  { symbols, ink, unit, maxLeg, text, lines, lineBoxes, toLineEnds }: Surroundings,
): Followed | undefined {
  const thickest = 2 * unit + 2;
  const path: PathSegment[] = [];
  let leg = first;
  let band = leg.band;
  let along = leg.from;
  let bare = 0;
  const centre = () => (band[0] + band[1]) / 2;
  const legStart = () => pointOn(leg.axis, leg.from, (leg.band[0] + leg.band[1]) / 2);
  const close = (end: [number, number]) => path.push({ orientation: leg.axis, start: legStart(), end });
  const symbolAt = ([x, y]: [number, number], margin: number) => symbols.findIndex((box, s) => s !== a && containsPoint(box, x, y, margin));
  for (;;) {
    if (Math.abs(along - leg.from) > maxLeg) return undefined;
    const point = pointOn(leg.axis, along, centre());
    const reached = symbolAt(point, 1);
    if (reached >= 0) {
      close(point);
      return { b: reached, path };
    }
    if (containsPoint(symbols[a], point[0], point[1]) && along !== leg.from) return undefined;
    if (text.some((box) => containsPoint(box, point[0], point[1]))) return undefined;
    const line = lineBoxes.findIndex((box) => containsPoint(box, point[0], point[1], 1));
    if (line >= 0) {
      // A line found: its end here is where the stroke's legs lead (`bentLegs`), anywhere else it is in the way.
      if (!toLineEnds || lines[line].dashed || !endsAt(lines[line], point, thickest + 1)) return undefined;
      close(point);
      return { b: -1, line: lines[line], path };
    }
    along += leg.step;
    const run = runAt(ink, leg.axis, along, band, 3 * thickest);
    if (!run) {
      if (++bare <= MAX_BARE) continue;
      // The stroke ends: in a symbol standing just beyond (its end blurred short), or in the open.
      const ahead = pointOn(leg.axis, along + leg.step * END_REACH_STROKES * unit, centre());
      const beyond = symbolAt(ahead, 0);
      if (beyond < 0) return undefined;
      close(pointOn(leg.axis, along - leg.step * bare, centre()));
      return { b: beyond, path };
    }
    bare = 0;
    if (run[1] - run[0] + 1 <= thickest) {
      band = run;
      continue;
    }
    // Wider: the ink of a symbol just ahead (its box drawn short of it), or a stroke square to this one starts here (a
    // bend, a tee or a crossing), or a blob.
    const inked = symbolAt(pointOn(leg.axis, along + leg.step * END_REACH_STROKES * unit, centre()), 0);
    if (inked >= 0) {
      close(pointOn(leg.axis, along, centre()));
      return { b: inked, path };
    }
    const [up, down] = [run[0] < band[0] - 1, run[1] > band[1] + 1];
    if ((up && down) || path.length >= MAX_BENDS) return undefined;
    const wideAt = (k: number) => {
      const there = runAt(ink, leg.axis, along + leg.step * k, band, 3 * thickest);
      return there !== undefined && (up ? there[0] < band[0] - 1 : there[1] > band[1] + 1);
    };
    let width = 1;
    while (width <= thickest && wideAt(width)) width++;
    if (width > thickest) return undefined;
    // A tee: the stroke goes on past the one square to it.
    for (let past = width; past < width + 3; past++) if (runAt(ink, leg.axis, along + leg.step * past, band, thickest)) return undefined;
    const [lo, hi] = leg.step > 0 ? [along, along + width - 1] : [along - width + 1, along];
    close(pointOn(leg.axis, (lo + hi) / 2, centre()));
    // On round the bend, from the corner; the walk goes on from this stroke's edge.
    const edge = up ? band[0] : band[1];
    leg = { axis: leg.axis === 'horizontal' ? 'vertical' : 'horizontal', step: up ? -1 : 1, band: [lo, hi], from: centre() };
    band = leg.band;
    along = edge;
    bare = 0;
  }
}
