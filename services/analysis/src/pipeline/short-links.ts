import type { PathSegment } from '@pid/contracts';
import { boxesTouch, boxSpans, containsPoint, inkAt, type Box, type InkImage } from './components';
import { segmentBox, segmentCenter, type Segment } from './lines';

/** Two symbols joined by a stroke too short to be found as a line, and that stroke. */
export interface ShortLink {
  a: number;
  b: number;
  link: PathSegment;
  /** Broken along its length: a dash or two of a signal line, not a pipe. */
  dashed: boolean;
}

/** The least share of the gap that the stroke's ink covers: one dash of a signal line. */
const MIN_COVER = 0.2;
/** Below this share the stroke is broken: a signal line's dashes. */
const SOLID_COVER = 0.85;
/** At most this share of the gap is ink beside the stroke: a stroke, not text or a blot. */
const MAX_BESIDE = 0.1;
/**
 * The shortest leg: a pipe passing a symbol within a stroke's reach is not joined to it by the tracer (only a pipe's
 * end is), so a branch valve drawn against the pipe needs its few pixels of leg.
 */
const MIN_LEG = 2;
/**
 * The widest gap, in sizes of the larger box: an instrument a bubble or two from what it measures or reads (an
 * orifice plate's bars are thin, so the smaller box would bound the gap at a stroke's length).
 */
const MAX_GAP = 2;
/** The share of the gap at each end where ink beside the stroke is not counted (a symbol's parts outside its box). */
const END_SHARE = 0.25;
/** A line found along the stroke is a piece of it where it runs out of a box: it starts this near the box's side. */
const PIECE_REACH = 2;
/**
 * Where lines found along the stroke leave part of the gap, that part is at least this many strokes long, and inked
 * (the stroke goes on past the line's end, not round a corner).
 */
const REST_STROKES = 3;
/** A junction dot is at most this many of its line's widths across. */
const DOT_WIDTHS = 3.5;

/**
 * An instrument drawn close to what it measures, or two symbols drawn close on a line, are often joined by one
 * dash or a short stroke that no line rule keeps (lines are longer than a few strokes). Two boxes facing each other
 * across a gap of a stroke's reach up to twice the larger box's size, on a common axis, are joined where a thin
 * straight band of ink crosses the gap between their overlap, with paper on either side of it (but for labels and the
 * symbols' own parts at its ends) and no other box or text on its way.
 * A band that is a line found already (`lines`) is none: the pipes are traced along it, and a pipe stopping in the gap
 * (it turns, or runs into a symbol not found) would join the two. Unless the line runs out of one box and the stroke
 * goes on past its end into the other (a signal's long dash found as one line with the stroke through its bubble).
 */
export function shortLinks(
  symbols: Box[],
  ink: InkImage,
  unit: number,
  joined: (a: number, b: number) => boolean,
  text: Box[] = [],
  lines: Segment[] = [],
): ShortLink[] {
  const links: ShortLink[] = [];
  for (let a = 0; a < symbols.length; a++) {
    for (let b = a + 1; b < symbols.length; b++) {
      // From a few pixels up: a drain valve against its cap, both away from any pipe's end (the valve drawn against a
      // junction), has only its stub between them. A pipe stopping in the gap is a line found, which blocks the link.
      const across = (horizontal: boolean) =>
        strokeAcross(symbols[a], symbols[b], horizontal, ink, unit, { symbols, own: [a, b], text, lines }, { minGap: MIN_LEG });
      const found = across(true) ?? across(false);
      if (found && !joined(a, b)) links.push({ a, b, link: found.link, dashed: found.dashed });
    }
  }
  return links;
}

/**
 * A symbol on a short branch, or right after a bend: its leg to the pipe is too short to be found as a line, so the
 * pipe seemed to pass it by or to stop short of it. Where a solid line runs square to a symbol's side, or ends beside
 * it (the line taken a stroke longer at each end, for the corner's ink), and a lone solid stroke crosses the gap
 * between them as `shortLinks` finds one between two symbols, that stroke is a piece of pipe: a segment from the
 * symbol's side to the line's axis.
 */
export function legsToLines(symbols: Box[], lines: Segment[], ink: InkImage, unit: number, text: Box[] = []): Segment[] {
  // Each leg with the line it runs into and the side it comes from.
  const legs: Array<{ leg: Segment; to: Segment; above: boolean }> = [];
  // A dashed line found along the leg is no pipe there: the dash finder also reads a valve and its legs as dashes.
  const solid = lines.filter((line) => !line.dashed);
  for (const line of solid) {
    const pad = line.hi - line.lo + 2;
    const horizontal = line.orientation === 'vertical';
    const lineBox: Box = horizontal
      ? { x0: line.lo, y0: line.start - pad, x1: line.hi, y1: line.end + pad }
      : { x0: line.start - pad, y0: line.lo, x1: line.end + pad, y1: line.hi };
    symbols.forEach((symbol, s) => {
      if (!boxesTouch(symbol, lineBox, MAX_GAP * Math.max(symbol.x1 - symbol.x0, symbol.y1 - symbol.y0) + 1)) return;
      const across = (thickest?: number) =>
        strokeAcross(symbol, lineBox, horizontal, ink, unit, { symbols, own: [s], text, lines: solid }, { minGap: MIN_LEG, thickest });
      const found = across() ?? junctionDot(across(DOT_WIDTHS * (line.hi - line.lo + 1)), line, ink);
      if (!found || found.dashed) return;
      const { link, band } = found;
      const [from, to] = horizontal ? [link.start[0], link.end[0]] : [link.start[1], link.end[1]];
      const axis = segmentCenter(line);
      // From the symbol's side into the line's axis, where the tracer joins the two.
      const [start, end] = axis < from ? [Math.floor(axis), to] : [from, Math.ceil(axis)];
      const leg: Segment = { orientation: horizontal ? 'horizontal' : 'vertical', start, end, lo: band[0], hi: band[1], dashed: false };
      legs.push({ leg, to: line, above: axis >= from });
    });
  }
  // Legs into one line from either side, in line with each other, are one stroke crossing it between two symbols: no
  // tee (`shortLinks` joins the two across it).
  const crossing = ({ leg, to, above }: (typeof legs)[number]) =>
    legs.some((other) => other.to === to && other.above !== above && other.leg.lo <= leg.hi && leg.lo <= other.leg.hi);
  return legs.filter((entry) => !crossing(entry)).map(({ leg }) => leg);
}

/**
 * A junction dot on the line that the symbol is drawn against: a band as thick as a dot (`DOT_WIDTHS` line widths at
 * most) filling the gap, whose ink goes on past the line's other side, as a dot centred on the line does (a symbol's
 * blob or a thick bar beside the line does not). The leg runs through the dot into the line.
 */
function junctionDot<T extends { link: PathSegment; band: [number, number] }>(
  found: T | undefined,
  line: Segment,
  ink: InkImage,
): T | undefined {
  if (!found) return undefined;
  const [first, last] = found.band;
  const width = line.hi - line.lo + 1;
  if (last - first + 1 <= width) return undefined;
  // The rows (or columns) of the band's middle half, a pixel or two past the line's far side from the symbol.
  const mid = (first + last) / 2;
  const reach = Math.max(1, Math.round((last - first + 1) / 4));
  const inked = (along: number, across: number) => {
    const [x, y] = line.orientation === 'vertical' ? [along, across] : [across, along];
    return inkAt(ink, x, y);
  };
  const legFrom = line.orientation === 'vertical' ? found.link.start[0] : found.link.start[1];
  const farSide = legFrom > line.hi ? [line.lo - 1, line.lo - 2] : [line.hi + 1, line.hi + 2];
  for (const along of farSide)
    for (let across = Math.round(mid - reach); across <= Math.round(mid + reach); across++) if (!inked(along, across)) return undefined;
  return found;
}

/**
 * Whether lines found along the stroke across the gap `[from, to]` are pieces of it: each runs out of one of the two
 * boxes (within `PIECE_REACH` pixels of its side), and the part of the gap they leave is either inked over
 * `REST_STROKES` strokes or more (the stroke goes on past a line's end, not round a corner), or, between pieces out of
 * both boxes, a dash's gap (a signal line's long dash found as one line with the line drawn through its bubble). A
 * line standing in the gap alone is none.
 */
function piecesOfStroke(
  pieces: Segment[],
  [from, to]: [number, number],
  thickness: number,
  bandCover: (span: [number, number]) => number,
): boolean {
  let [start, stop] = [from, to];
  for (const line of pieces) {
    if (line.start <= from + PIECE_REACH) start = Math.max(start, line.end + 1);
    else if (line.end >= to - PIECE_REACH) stop = Math.min(stop, line.start - 1);
    else return false;
  }
  if (start > stop) return false;
  if (stop - start + 1 < REST_STROKES * thickness) return start > from && stop < to;
  return bandCover([start, stop]) >= MIN_COVER;
}

/**
 * Whether the stroke across the gap `[from, to]` turns at a corner in it: a line found square to it ends on its band,
 * and between the corner and one box lies paper over `REST_STROKES` strokes or more (one symbol's leg bending away,
 * a dash drawn beside the other symbol, not a stroke between the two).
 */
function turnsAtCorner(
  lines: Segment[],
  orientation: Segment['orientation'],
  [from, to]: [number, number],
  [bandLo, bandHi]: [number, number],
  thickness: number,
  bandCover: (span: [number, number]) => number,
): boolean {
  const endsOnBand = (at: number) => at >= bandLo && at <= bandHi;
  return lines.some((line) => {
    if (line.orientation === orientation || line.lo <= from || line.hi >= to) return false;
    if (!endsOnBand(line.start) && !endsOnBand(line.end)) return false;
    const sides: [number, number][] = [
      [from, line.lo - 1],
      [line.hi + 1, to],
    ];
    return sides.some(([start, stop]) => stop - start + 1 >= REST_STROKES * thickness && bandCover([start, stop]) < MIN_COVER);
  });
}

/**
 * Whether the stroke stops short of one box: paper over more than half the gap, and over `REST_STROKES` strokes, lies
 * between its last ink and that box (a leg from the other box that turns off unfound), where a signal line's dashes
 * leave a gap's worth of paper at most.
 */
function stopsShort([from, to]: [number, number], thickness: number, bandCover: (span: [number, number]) => number): boolean {
  const gap = to - from + 1;
  const paper = Math.max(Math.floor(gap / 2) + 1, REST_STROKES * thickness);
  if (paper >= gap) return false;
  return bandCover([from, from + paper - 1]) === 0 || bandCover([to - paper + 1, to]) === 0;
}

/**
 * The lone stroke crossing the gap between two boxes facing each other along one axis, if one does, with no symbol
 * but their `own` and no text on its way (a stroke's width or so either side of it). `band`: the stroke's rows (or
 * columns).
 */
function strokeAcross(
  boxA: Box,
  boxB: Box,
  horizontal: boolean,
  ink: InkImage,
  unit: number,
  { symbols, own, text, lines }: { symbols: Box[]; own: number[]; text: Box[]; lines: Segment[] },
  { minGap, thickest = 2 * unit + 2 }: { minGap: number; thickest?: number },
): { link: PathSegment; dashed: boolean; band: [number, number] } | undefined {
  const orientation = horizontal ? 'horizontal' : 'vertical';
  const [one, two] = [boxSpans(boxA, orientation), boxSpans(boxB, orientation)];
  const [before, after] = one.along[1] <= two.along[0] ? [one, two] : [two, one];
  const [from, to] = [before.along[1] + 1, after.along[0] - 1];
  const gap = to - from + 1;
  const size = (s: typeof one) => Math.max(s.along[1] - s.along[0], s.across[1] - s.across[0]) + 1;
  if (gap < minGap || gap > MAX_GAP * Math.max(size(before), size(after))) return undefined;
  const [lo, hi] = [Math.max(before.across[0], after.across[0]), Math.min(before.across[1], after.across[1])];
  if (lo > hi) return undefined;
  // The share of a row (or column) inked along the gap or a span of it, leaving out what lies in `skip`.
  const cover = (across: number, [start, stop]: [number, number] = [from, to], skip: Box[] = []) => {
    if (across < 0 || across >= (horizontal ? ink.height : ink.width) || stop < start) return 0;
    let count = 0;
    for (let along = start; along <= stop; along++) {
      const [x, y] = horizontal ? [along, across] : [across, along];
      if (ink.mask[y * ink.width + x] && !skip.some((box) => containsPoint(box, x, y))) count++;
    }
    return count / (stop - start + 1);
  };
  const covers = new Map<number, number>();
  for (let across = lo; across <= hi; across++) covers.set(across, cover(across));
  const [best, most] = [...covers].reduce((top, entry) => (entry[1] > top[1] ? entry : top));
  if (most < MIN_COVER) return undefined;
  // The band: the rows (or columns) beside the best that are as covered, at most two strokes thick.
  let [first, last] = [best, best];
  while ((covers.get(first - 1) ?? 0) >= most / 2) first--;
  while ((covers.get(last + 1) ?? 0) >= most / 2) last++;
  const thickness = last - first + 1;
  if (thickness > thickest) return undefined;
  const margin = thickness + 2;
  const wayBox = (near: number, far: number): Box =>
    horizontal ? { x0: from, y0: near, x1: to, y1: far } : { x0: near, y0: from, x1: far, y1: to };
  const way = wayBox(first - margin, last + margin);
  // Text on the stroke stops it; a label beside it (a valve's fail action, a bubble's tag) is left out of the ink
  // beside, as are the gap's ends, where a symbol's parts drawn outside its box (an actuator's back) stand.
  if (text.some((box) => boxesTouch(box, wayBox(first - 1, last + 1), 0))) return undefined;
  const labels = text.filter((box) => boxesTouch(box, way, 0));
  // (A line found crossing the stroke is a pipe it crosses, not ink beside it.)
  const crossings = lines
    .filter((line) => line.orientation !== orientation)
    .map(segmentBox)
    .filter((box) => boxesTouch(box, way, 0));
  const end = Math.floor(gap * END_SHARE);
  const beside = (across: number) => cover(across, [from + end, to - end], [...labels, ...crossings]);
  if (beside(first - margin) > MAX_BESIDE || beside(last + margin) > MAX_BESIDE) return undefined;
  // Nothing else stands on the stroke's way.
  if (symbols.some((box, i) => !own.includes(i) && boxesTouch(box, way, 0))) return undefined;
  const center = (first + last) / 2;
  const inGap = (line: Segment) =>
    line.orientation === orientation && Math.abs(segmentCenter(line) - center) <= thickness + 1 && line.end >= from && line.start <= to;
  const blocking = lines.filter(inGap);
  // A stub cut at a box that the stroke runs on past, solid to the other box, is a piece of this stroke.
  const pieces = most >= SOLID_COVER ? blocking.filter((line) => !line.stub) : blocking;
  const bandCover = (span: [number, number]) => {
    let best = 0;
    for (let across = first; across <= last; across++) best = Math.max(best, cover(across, span));
    return best;
  };
  if (pieces.length && !piecesOfStroke(pieces, [from, to], thickness, bandCover)) return undefined;
  if (turnsAtCorner(lines, orientation, [from, to], [first - margin, last + margin], thickness, bandCover)) return undefined;
  if (stopsShort([from, to], thickness, bandCover)) return undefined;
  const point = (along: number): [number, number] => (horizontal ? [along, center] : [center, along]);
  return { link: { orientation, start: point(from), end: point(to) }, dashed: most < SOLID_COVER, band: [first, last] };
}
