import type { PathSegment } from '@pid/contracts';
import { boxesTouch, containsPoint, inkAt, type Box, type InkImage } from './components';
import { segmentBox, segmentLength, squareTo, type Segment } from './lines';
import { PIPE_END_REACHES } from './piece-ends';
import { solidReach } from './piece-lines';

/** Two symbols joined by a short bent stroke, and its path. */
export interface ShortRoute {
  a: number;
  b: number;
  path: PathSegment[];
  /** Broken into dashes: a signal line. */
  dashed: boolean;
}

/** At most this many bends: an L, a U or a Z. */
const MAX_BENDS = 2;
/** Bare steps a stroke may skip (a speck of paper across it). */
const MAX_BARE = 2;
/** How far past the stroke's end a symbol may stand and still be reached, in strokes (a stroke's end blurred short). */
const END_REACH_STROKES = 2;
/** A broken stroke is a signal line's dashes where it crosses at least this many gaps (one is a scan's dropout). */
const MIN_DASH_GAPS = 2;

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
 * stubs and legs, pieces of such routes). A signal line drawn as short (a bubble's line to the actuator beside it) is
 * followed across its gaps of up to `dashGap` pixels, a bend falling in a gap included: a dashed route.
 */
export function shortRoutes(page: StrokePage, joined: (a: number, b: number) => boolean): ShortRoute[] {
  const routes = new Map<string, ShortRoute>();
  for (const { a, found } of followedStrokes({ ...page, toLineEnds: false })) {
    const dashed = found.gaps >= MIN_DASH_GAPS;
    // A straight dashed route is `shortLinks`' too, but it takes only boxes facing each other across the gap.
    if (found.path.length < (dashed ? 1 : 2)) continue;
    const key = `${Math.min(a, found.b)}:${Math.max(a, found.b)}`;
    if (!routes.has(key) && !joined(a, found.b)) routes.set(key, { a, b: found.b, path: found.path, dashed });
  }
  return [...routes.values()];
}

/**
 * A pipe's last legs into a symbol, after one bend or two, each shorter than a line: the line found stops at the first
 * bend, in the open for the tracer. Where a thin stroke leaving a symbol runs, as `shortRoutes` follows it, through a
 * bend or two to the end of a solid line found, its legs are pieces of pipe (segments the tracer joins at the bends).
 * A straight leg is `legsToLines`'s. A signal line's dashes, followed across their gaps to a dashed line's end, are
 * dashed pieces of it.
 */
export function bentLegs(page: StrokePage): Segment[] {
  const { symbols, unit } = page;
  const legs: Segment[] = [];
  const half = Math.max(1, Math.round(unit / 2));
  // A line's end this near a symbol is the tracer's already (a vessel's dome drawn past its box leads to its pipe).
  const attached = ([x, y]: [number, number]) => symbols.some((box) => containsPoint(box, x, y, PIPE_END_REACHES * solidReach(unit)));
  for (const { found } of followedStrokes({ ...page, toLineEnds: true })) {
    if (!found.line || found.path.length < 2 || attached(nearestEnd(found.line, found.path[found.path.length - 1].end))) continue;
    const dashed = found.gaps >= MIN_DASH_GAPS;
    for (const { orientation, start, end } of found.path) {
      const [from, to, across] = orientation === 'horizontal' ? [start[0], end[0], start[1]] : [start[1], end[1], start[0]];
      const [lo, hi] = [Math.round(across) - half, Math.round(across) + half];
      legs.push({ orientation, start: Math.round(Math.min(from, to)), end: Math.round(Math.max(from, to)), lo, hi, dashed });
    }
  }
  return legs;
}

/**
 * What strokes are followed through: the page's symbols, ink, text and lines found, how long a leg may run (`maxLeg`,
 * a line's least length) and how wide a gap between dashes it may cross (`dashGap`; none at 0, `MAX_BARE` specks of
 * paper aside).
 */
export interface StrokePage {
  symbols: Box[];
  ink: InkImage;
  unit: number;
  maxLeg: number;
  text: Box[];
  lines: Segment[];
  dashGap: number;
}

interface StrokeSearch extends StrokePage {
  /** Whether a stroke may end at a found line's end (`bentLegs`), not only in a symbol. */
  toLineEnds: boolean;
}

/** Each thin stroke leaving a symbol, followed through its bends to where it ends (`follow`). */
function followedStrokes(search: StrokeSearch): Array<{ a: number; found: Followed }> {
  const { symbols, ink, unit, maxLeg, text, lines, dashGap } = search;
  // (A stub cut at a symbol, or a leg, may be a piece of the route itself.)
  const long = lines.filter((line) => segmentLength(line) >= maxLeg);
  const boxes = long.map(segmentBox);
  const followed: Array<{ a: number; found: Followed }> = [];
  symbols.forEach((box, a) => {
    const legs = exits(box, ink, unit, dashGap);
    if (!legs.length) return;
    // A route runs at most three legs from its symbol: only what stands that near is in its way.
    const near = (other: Box) => boxesTouch(other, box, MAX_BENDS * maxLeg + maxLeg);
    const nearLines = long.filter((_, i) => near(boxes[i]));
    const around: Surroundings = { ...search, text: text.filter(near), lines: nearLines, lineBoxes: nearLines.map(segmentBox) };
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

/**
 * The thin strokes crossing the line a pixel outside each side of the box: where pipes may leave it. A dashed line's
 * first dash may stand up to `dashGap` off the side (the box took in the dash before, or the line starts with a gap).
 */
function exits(box: Box, ink: InkImage, unit: number, dashGap: number): Leg[] {
  const thickest = 2 * unit + 2;
  const legs: Leg[] = [];
  const sides: Array<{ axis: Axis; step: 1 | -1; at: number; span: [number, number] }> = [
    { axis: 'horizontal', step: -1, at: box.x0 - 1, span: [box.y0, box.y1] },
    { axis: 'horizontal', step: 1, at: box.x1 + 1, span: [box.y0, box.y1] },
    { axis: 'vertical', step: -1, at: box.y0 - 1, span: [box.x0, box.x1] },
    { axis: 'vertical', step: 1, at: box.y1 + 1, span: [box.x0, box.x1] },
  ];
  for (const { axis, step, at, span } of sides) {
    // Across the side, where ink stood nearer the box.
    const taken = new Uint8Array(span[1] - span[0] + 1);
    for (let off = 0; off <= dashGap; off++) {
      for (let across = span[0]; across <= span[1]; across++) {
        if (!inkOn(ink, axis, at + step * off, across)) continue;
        let end = across;
        while (end + 1 <= span[1] && inkOn(ink, axis, at + step * off, end + 1)) end++;
        const first = !taken.subarray(across - span[0], end - span[0] + 1).includes(1);
        taken.fill(1, across - span[0], end - span[0] + 1);
        // A run touching the box's corner may be an outline going on round it.
        if (first && end - across + 1 <= thickest && across > span[0] && end < span[1])
          legs.push({ axis, step, band: [across, end], from: at });
        across = end;
      }
    }
  }
  return legs;
}

/** Around one symbol: the lines found there as long as a line or longer (`lines`), and their boxes. */
interface Surroundings extends StrokeSearch {
  lineBoxes: Box[];
}

/** Where a followed stroke ends: a symbol, or (`toLineEnds`) the end of a line found, and its path there. */
interface Followed {
  /** The symbol reached; -1 at a line's end. */
  b: number;
  line?: Segment;
  path: PathSegment[];
  /** Gaps crossed between dashes. */
  gaps: number;
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
function follow(a: number, first: Leg, around: Surroundings): Followed | undefined {
  const { symbols, ink, unit, maxLeg, text, lines, lineBoxes, toLineEnds, dashGap } = around;
  const thickest = 2 * unit + 2;
  const path: PathSegment[] = [];
  let leg = first;
  let band = leg.band;
  let along = leg.from;
  let bare = 0;
  let gaps = 0;
  const centre = () => (band[0] + band[1]) / 2;
  const legStart = () => pointOn(leg.axis, leg.from, (leg.band[0] + leg.band[1]) / 2);
  const close = (end: [number, number]) => path.push({ orientation: leg.axis, start: legStart(), end });
  const symbolAt = ([x, y]: [number, number], margin: number) => symbols.findIndex((box, s) => s !== a && containsPoint(box, x, y, margin));
  const reach = (b: number, end: [number, number]): Followed | undefined => {
    close(end);
    // Reached across a gap wider than a blurred end: one gap more. One alone is a scan's dropout in a solid stroke.
    const crossed = gaps + (bare > Math.max(MAX_BARE, END_REACH_STROKES * unit) ? 1 : 0);
    return crossed > 0 && crossed < MIN_DASH_GAPS ? undefined : { b, path, gaps: crossed };
  };
  // The stroke ended `bare` steps back: in a symbol standing just beyond (its end blurred short), round a bend in a
  // gap (the walk goes on along the next leg), or in the open.
  const strokeEnds = (): Followed | 'turned' | undefined => {
    const last = along - leg.step * bare;
    const beyond = symbolAt(pointOn(leg.axis, last + leg.step * END_REACH_STROKES * unit, centre()), 0);
    if (beyond >= 0) return reach(beyond, pointOn(leg.axis, last, centre()));
    const turn = dashGap > 0 && path.length < MAX_BENDS ? bendInGap(ink, leg.axis, last, leg.step, band, dashGap, thickest) : undefined;
    if (!turn) return undefined;
    turnOnto(turn);
    gaps++;
    return 'turned';
  };
  // On round a bend, from its corner.
  const turnOnto = (turn: Turn) => {
    close(pointOn(leg.axis, (turn.band[0] + turn.band[1]) / 2, centre()));
    leg = { axis: squareTo(leg.axis), step: turn.step, band: turn.band, from: centre() };
    [band, along, bare] = [turn.band, turn.at, 0];
  };
  for (;;) {
    if (Math.abs(along - leg.from) > maxLeg) return undefined;
    const point = pointOn(leg.axis, along, centre());
    const reached = symbolAt(point, 1);
    if (reached >= 0) return reach(reached, point);
    if (containsPoint(symbols[a], point[0], point[1]) && along !== leg.from) return undefined;
    const line = lineBoxes.findIndex((box) => containsPoint(box, point[0], point[1], 1));
    if (line >= 0 && toLineEnds && endsAt(lines[line], point, thickest + 1)) {
      // A line found ending here: where the stroke's legs lead (`bentLegs`), a solid stroke's to a solid line, dashes
      // to a dashed one.
      const crossed = gaps + (bare > MAX_BARE ? 1 : 0);
      if (lines[line].dashed ? crossed < MIN_DASH_GAPS : crossed > 0) return undefined;
      close(point);
      return { b: -1, line: lines[line], path, gaps: crossed };
    }
    // Text or a line found anywhere else is in the way.
    if (text.some((box) => containsPoint(box, point[0], point[1])) || line >= 0) return undefined;
    along += leg.step;
    const run = runAt(ink, leg.axis, along, band, 3 * thickest);
    if (!run) {
      // Specks of paper, or a gap between dashes, are stepped over.
      if (++bare <= Math.max(MAX_BARE, dashGap)) continue;
      const ended = strokeEnds();
      if (ended === 'turned') continue;
      return ended;
    }
    if (bare > MAX_BARE) gaps++;
    bare = 0;
    if (run[1] - run[0] + 1 <= thickest) {
      band = run;
      continue;
    }
    // Wider: the ink of a symbol just ahead (its box drawn short of it), or a stroke square to this one starts here (a
    // bend, a tee or a crossing), or a blob.
    const inked = symbolAt(pointOn(leg.axis, along + leg.step * END_REACH_STROKES * unit, centre()), 0);
    if (inked >= 0) return reach(inked, pointOn(leg.axis, along, centre()));
    const turn = path.length < MAX_BENDS ? drawnBend(ink, leg, along, band, run, thickest) : undefined;
    if (!turn) return undefined;
    turnOnto(turn);
  }
}

/** Where a walk goes on round a bend: the side it turns to, the next leg's band and where along it the walk goes on. */
interface Turn {
  step: 1 | -1;
  band: [number, number];
  at: number;
}

/**
 * A stroke square to the leg, starting where the ink widens to one side (`run` at `along`): a bend, where it is a
 * stroke wide and the leg does not go on past it (a tee), nor widen to both sides (a crossing). The walk goes on from
 * the leg's edge.
 */
function drawnBend(
  ink: InkImage,
  leg: Leg,
  along: number,
  band: [number, number],
  run: [number, number],
  thickest: number,
): Turn | undefined {
  const [up, down] = [run[0] < band[0] - 1, run[1] > band[1] + 1];
  if (up && down) return undefined;
  const wideAt = (k: number) => {
    const there = runAt(ink, leg.axis, along + leg.step * k, band, 3 * thickest);
    return there !== undefined && (up ? there[0] < band[0] - 1 : there[1] > band[1] + 1);
  };
  let width = 1;
  while (width <= thickest && wideAt(width)) width++;
  if (width > thickest) return undefined;
  for (let past = width; past < width + 3; past++) if (runAt(ink, leg.axis, along + leg.step * past, band, thickest)) return undefined;
  const [lo, hi] = leg.step > 0 ? [along, along + width - 1] : [along - width + 1, along];
  return { step: up ? -1 : 1, band: [lo, hi], at: up ? band[0] : band[1] };
}

/**
 * A dashed line's bend may fall in a gap: its last dash ends, and the next leg's first dash starts a gap off to one
 * side, square to it, between a stroke behind the last ink and a gap beyond it. Where ink lies so on one side only
 * (both would be a tee or a crossing), the next leg: its side, its band and where its first dash starts.
 */
function bendInGap(
  ink: InkImage,
  axis: Axis,
  last: number,
  step: 1 | -1,
  band: [number, number],
  dashGap: number,
  thickest: number,
): Turn | undefined {
  const span: [number, number] = step > 0 ? [last - thickest, last + dashGap] : [last - dashGap, last + thickest];
  const square = squareTo(axis);
  const firstDash = (side: 1 | -1): Turn | undefined => {
    for (let d = 1; d <= dashGap + 1; d++) {
      const at = side > 0 ? band[1] + d : band[0] - d;
      const run = runAt(ink, square, at, span, thickest + 1);
      if (run) return run[1] - run[0] + 1 <= thickest ? { step: side, band: run, at } : undefined;
    }
    return undefined;
  };
  const [before, after] = [firstDash(-1), firstDash(1)];
  return before && after ? undefined : (before ?? after);
}
