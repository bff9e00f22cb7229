import type { Box } from './components';
import { heavyPenThickness } from './line-weight';

/** A straight horizontal or vertical stroke: `start`–`end` along its axis, `lo`–`hi` across it (inclusive). */
export interface Segment {
  orientation: 'horizontal' | 'vertical';
  start: number;
  end: number;
  lo: number;
  hi: number;
  dashed: boolean;
  /** A short piece of pipe found between symbols (`cutStubs`): what lies on either side are two symbols. */
  stub?: boolean;
}

export const segmentCenter = (segment: Segment) => (segment.lo + segment.hi) / 2;
/** The orientation square to `orientation`. */
export const squareTo = (orientation: Segment['orientation']): Segment['orientation'] =>
  orientation === 'horizontal' ? 'vertical' : 'horizontal';
export const segmentLength = (segment: Segment) => segment.end - segment.start + 1;
export const segmentThickness = (segment: Segment) => segment.hi - segment.lo + 1;
/** A line's length along and thickness across, as the pen measures (`line-weight.ts`) read them. */
export const strokeSize = (segment: Segment) => ({ length: segmentLength(segment), thickness: segmentThickness(segment) });
/**
 * Pieces of lines joined pair by pair: `join` makes the segments that now hold `a` and `b` one, spanning both (either
 * may have grown already, from a sibling piece beside it); `latest` is the segment that now holds a piece. A dashed and
 * a solid piece joined are of the longer one's kind: a line's short run between two breaks read as a dash is no
 * signal line.
 */
export function pieceJoins() {
  const replaced = new Map<Segment, Segment>();
  const latest = (s: Segment): Segment => (replaced.has(s) ? latest(replaced.get(s)!) : s);
  const join = (a: Segment, b: Segment) => {
    const [first, second] = [latest(a), latest(b)];
    if (first === second) return;
    const joined: Segment = {
      ...first,
      dashed: segmentLength(first) >= segmentLength(second) ? first.dashed : second.dashed,
      start: Math.min(first.start, second.start),
      end: Math.max(first.end, second.end),
      lo: Math.min(first.lo, second.lo),
      hi: Math.max(first.hi, second.hi),
      stub: first.stub && second.stub,
    };
    replaced.set(first, joined);
    replaced.set(second, joined);
  };
  return { latest, join };
}

/** The longest of some segments; undefined for none. */
export const longestSegment = (segments: Segment[]) =>
  segments.reduce<Segment | undefined>((best, s) => (!best || segmentLength(s) > segmentLength(best) ? s : best), undefined);
/** The pixels a segment covers, as a box. */
export const segmentBox = (s: Segment) =>
  s.orientation === 'horizontal' ? { x0: s.start, y0: s.lo, x1: s.end, y1: s.hi } : { x0: s.lo, y0: s.start, x1: s.hi, y1: s.end };

/** The index in a row-major mask of a point given along a horizontal or vertical axis and across it. */
export const indexAlong = (width: number, horizontal: boolean) => (along: number, side: number) =>
  horizontal ? side * width + along : along * width + side;

export interface LineOptions {
  /** Solid runs at least this long are lines. */
  minLength: number;
  /** Thicker bands are filled areas, not lines. */
  maxThickness: number;
  /** Dashes are at least this long, with gaps of at most `maxGap`. */
  minDash: number;
  maxGap: number;
}

export function defaultLineOptions(width: number, height: number): LineOptions {
  const side = Math.max(width, height);
  return {
    minLength: Math.max(24, Math.round(side * 0.008)),
    maxThickness: Math.max(6, Math.round(side * 0.0015)),
    minDash: 4,
    maxGap: Math.max(6, Math.round(side * 0.0025)),
  };
}

interface Run {
  x0: number;
  x1: number;
  dashed: boolean;
}

/** Runs of one row that are lines: long solid runs, and chains of dashes with short gaps. */
function rowLines(mask: Uint8Array, offset: number, width: number, options: LineOptions, out: Run[]): void {
  out.length = 0;
  let x = 0;
  // The dashes of a possible dashed line: [start, end] pairs.
  const chain: Array<[number, number]> = [];
  const closeChain = () => {
    if (isDashedLine(chain, options)) out.push({ x0: chain[0][0], x1: chain[chain.length - 1][1], dashed: true });
    chain.length = 0;
  };
  while (x < width) {
    if (mask[offset + x] === 0) {
      x++;
      continue;
    }
    const x0 = x;
    while (x < width && mask[offset + x] === 1) x++;
    const x1 = x - 1;
    const length = x1 - x0 + 1;
    if (chain.length && x0 - chain[chain.length - 1][1] - 1 > options.maxGap) closeChain();
    if (length >= options.minLength) {
      closeChain();
      out.push({ x0, x1, dashed: false });
    } else if (length >= options.minDash) {
      chain.push([x0, x1]);
    } else {
      // A speck breaks a dash pattern (text strokes look like this).
      closeChain();
    }
  }
  closeChain();
}

/** Regular dashes: at least three, of similar lengths, with similar gaps, spanning a long line. */
function isDashedLine(chain: Array<[number, number]>, options: LineOptions): boolean {
  if (chain.length < 3) return false;
  const span = chain[chain.length - 1][1] - chain[0][0] + 1;
  if (span < options.minLength * 1.5) return false;
  // The end dashes may be cut short where the line meets a symbol.
  const inner = chain.length > 3 ? chain.slice(1, -1) : chain;
  const lengths = inner.map(([a, b]) => b - a + 1);
  const gaps = chain.slice(1).map(([a], i) => a - chain[i][1] - 1);
  const ink = chain.reduce((sum, [a, b]) => sum + b - a + 1, 0);
  return Math.max(...lengths) <= 2.5 * Math.min(...lengths) && Math.max(...gaps) <= 2 * Math.min(...gaps) + 2 && ink / span >= 0.4;
}

/** Horizontal line segments of a row-major mask, of any thickness: line runs of consecutive rows merged into bands. */
function scanRows(mask: Uint8Array, width: number, height: number, options: LineOptions): Array<Omit<Segment, 'orientation'>> {
  const done: Array<Omit<Segment, 'orientation'>> = [];
  let active: Array<Omit<Segment, 'orientation'> & { last: number }> = [];
  const runs: Run[] = [];
  for (let y = 0; y < height; y++) {
    rowLines(mask, y * width, width, options, runs);
    const next: typeof active = [];
    for (const run of runs) {
      const length = run.x1 - run.x0 + 1;
      const match = active.find((segment) => {
        if (segment.last !== y - 1 || segment.dashed !== run.dashed) return false;
        const overlap = Math.min(segment.end, run.x1) - Math.max(segment.start, run.x0) + 1;
        return overlap >= 0.7 * Math.max(length, segment.end - segment.start + 1);
      });
      if (match) {
        match.start = Math.min(match.start, run.x0);
        match.end = Math.max(match.end, run.x1);
        match.hi = y;
        match.last = y;
        active.splice(active.indexOf(match), 1);
        next.push(match);
      } else {
        next.push({ start: run.x0, end: run.x1, lo: y, hi: y, dashed: run.dashed, last: y });
      }
    }
    for (const segment of active) done.push(segment);
    active = next;
  }
  done.push(...active);
  return done.map(({ start, end, lo, hi, dashed }) => ({ start, end, lo, hi, dashed }));
}

/** The mask turned about its diagonal: column x of `mask` is row x of the result (`height` wide). */
export function transpose(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  const block = 64;
  for (let by = 0; by < height; by += block) {
    for (let bx = 0; bx < width; bx += block) {
      const yEnd = Math.min(height, by + block);
      const xEnd = Math.min(width, bx + block);
      for (let y = by; y < yEnd; y++) for (let x = bx; x < xEnd; x++) out[x * height + y] = mask[y * width + x];
    }
  }
  return out;
}

/**
 * Dashes stand free: little ink just beside them. The bars of letters (T, E, F) in a line of text look
 * like dashes in one row but have stems and bowls attached; such "dashed lines" are dropped. Beside means two
 * rows off: a thin dashed line drawn a little askew spreads its dashes over two rows, found apart.
 */
function hasFreeDashes(mask: Uint8Array, width: number, height: number, segment: Omit<Segment, 'orientation'>): boolean {
  const row = Math.round((segment.lo + segment.hi) / 2) * width;
  const above = segment.lo - 2;
  const below = segment.hi + 2;
  let dashes = 0;
  let free = 0;
  let x = segment.start;
  while (x <= segment.end) {
    if (mask[row + x] === 0) {
      x++;
      continue;
    }
    const x0 = x;
    let touched = 0;
    while (x <= segment.end && mask[row + x] === 1) {
      if ((above >= 0 && mask[above * width + x] === 1) || (below < height && mask[below * width + x] === 1)) touched++;
      x++;
    }
    dashes++;
    if (touched <= 0.1 * (x - x0)) free++;
  }
  return dashes > 0 && free >= 0.6 * dashes;
}

/**
 * The page's lines, with the thickness cap fitted to its pens: where its long lines are drawn heavier than the
 * page-size default allows (a heavy pen, a high resolution, bled ink), the cap rises to take them.
 */
export function findPageLines(mask: Uint8Array, width: number, height: number): { segments: Segment[]; options: LineOptions } {
  const defaults = defaultLineOptions(width, height);
  const strokes = longStrokes(mask, width, height, defaults);
  // The pen is measured on the drawing: the frame, the margin's bands and a scan's dark page edges may be heavier.
  const drawn = strokes.filter((segment) => !segment.dashed && !inMargin(segment, width, height)).map(strokeSize);
  const options = { ...defaults, maxThickness: heavyPenThickness(drawn, defaults.minLength, defaults.maxThickness) };
  return { segments: strokes.filter((segment) => segmentThickness(segment) <= options.maxThickness), options };
}

/** Long horizontal and vertical strokes, solid or dashed, of any thickness. */
function longStrokes(mask: Uint8Array, width: number, height: number, options: LineOptions): Segment[] {
  const transposed = transpose(mask, width, height);
  const horizontal = scanRows(mask, width, height, options)
    .filter((s) => !s.dashed || hasFreeDashes(mask, width, height, s))
    .map((s) => ({ ...s, orientation: 'horizontal' as const }));
  const vertical = scanRows(transposed, height, width, options)
    .filter((s) => !s.dashed || hasFreeDashes(transposed, height, width, s))
    .map((s) => ({ ...s, orientation: 'vertical' as const }));
  return [...horizontal, ...vertical];
}

/**
 * Solid horizontal and vertical runs of a mask, with gaps of at most `gap` pixels along a run closed first (a
 * dashed line whose ink is known to be line ink reads as one run).
 */
export function straightRuns(mask: Uint8Array, width: number, height: number, options: LineOptions, gap: number): Segment[] {
  // Dashes as long as a line: every run found is solid.
  const solid = { ...options, minDash: options.minLength };
  const horizontal = scanRows(closedRows(mask, width, height, gap), width, height, solid);
  const vertical = scanRows(closedRows(transpose(mask, width, height), height, width, gap), height, width, solid);
  return [
    ...horizontal.map((s) => ({ ...s, orientation: 'horizontal' as const })),
    ...vertical.map((s) => ({ ...s, orientation: 'vertical' as const })),
  ];
}

/** The mask with each row's gaps of at most `gap` pixels between ink filled. */
function closedRows(mask: Uint8Array, width: number, height: number, gap: number): Uint8Array {
  if (gap <= 0) return mask;
  const out = mask.slice();
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (!mask[row + x]) continue;
      if (last >= 0 && x - last - 1 <= gap) out.fill(1, row + last + 1, row + x);
      last = x;
    }
  }
  return out;
}

/** A segment within the outer 8 % of the image across it: where the frame and its zone marks lie. */
function inMargin(segment: Segment, width: number, height: number): boolean {
  return alongMargin(segment.orientation, segmentCenter(segment), width, height);
}

/** A line of this orientation at `center` across it runs along the image's edge, within its outer 8 %. */
export function alongMargin(orientation: Segment['orientation'], center: number, width: number, height: number): boolean {
  const across = orientation === 'horizontal' ? height : width;
  return center < across * 0.08 || center > across * 0.92;
}

/** A segment that runs along most of an image side close to its edge: the sheet's frame. */
export function isBorder(segment: Segment, width: number, height: number): boolean {
  const along = segment.orientation === 'horizontal' ? width : height;
  return inMargin(segment, width, height) && segmentLength(segment) >= along * 0.6;
}

/**
 * The drawing area inside the sheet's frame: bounded by the innermost frame line on each side (the
 * whole page where there is none). Zone letters and numbers in the margin lie outside it.
 */
export function drawingArea(segments: Segment[], width: number, height: number): Box {
  const area = { x0: 0, y0: 0, x1: width - 1, y1: height - 1 };
  for (const segment of segments) {
    if (!isBorder(segment, width, height)) continue;
    const horizontal = segment.orientation === 'horizontal';
    const across = horizontal ? height : width;
    if (segmentCenter(segment) < across / 2) {
      if (horizontal) area.y0 = Math.max(area.y0, segment.hi + 1);
      else area.x0 = Math.max(area.x0, segment.hi + 1);
    } else if (horizontal) area.y1 = Math.min(area.y1, segment.lo - 1);
    else area.x1 = Math.min(area.x1, segment.lo - 1);
  }
  return area;
}

/**
 * A thick stroke whose edge row is broken (at a valve's waist, where a branch leaves) is found as a band plus
 * shorter bands of that row beside it, within its length: the rows they add to the stroke. Left apart, each
 * band's ink would look like something crossing the other, and neither would be removed.
 */
function sideBandsOf(segments: Segment[]): Map<Segment, { lo: number; hi: number }> {
  const byEdge = new Map<string, Segment[]>();
  const key = (orientation: Segment['orientation'], row: number) => `${orientation}:${row}`;
  for (const s of segments) {
    for (const row of new Set([s.lo, s.hi])) {
      const list = byEdge.get(key(s.orientation, row));
      if (list) list.push(s);
      else byEdge.set(key(s.orientation, row), [s]);
    }
  }
  const result = new Map<Segment, { lo: number; hi: number }>();
  for (const s of segments) {
    const extent = { lo: s.lo, hi: s.hi };
    const beside = (row: number) =>
      (byEdge.get(key(s.orientation, row)) ?? []).filter((o) => o !== s && o.dashed === s.dashed && o.start >= s.start && o.end <= s.end);
    for (let side = beside(extent.lo - 1); side.length; side = beside(extent.lo - 1)) extent.lo = Math.min(...side.map((o) => o.lo));
    for (let side = beside(extent.hi + 1); side.length; side = beside(extent.hi + 1)) extent.hi = Math.max(...side.map((o) => o.hi));
    if (extent.lo !== s.lo || extent.hi !== s.hi) result.set(s, extent);
  }
  return result;
}

/**
 * The mask without the line strokes, except where something crosses or touches a line: symbols drawn on
 * a line stay whole, and a junction dot stays. Along pipes (at least `longFrom` long) the band's one-pixel
 * fringe goes too and only ink going on two pixels beyond counts, so that the grey edge of a scanned line
 * leaves no slivers behind.
 */
export function removeLines(mask: Uint8Array, width: number, height: number, segments: Segment[], longFrom: number): Uint8Array {
  const rest = mask.slice();
  const sideBands = sideBandsOf(segments);
  for (const segment of segments) {
    const horizontal = segment.orientation === 'horizontal';
    const [across, along] = horizontal ? [height, width] : [width, height];
    const at = (a: number, b: number) => (horizontal ? mask[a * width + b] : mask[b * width + a]);
    const clear = (a: number, b: number) => {
      if (horizontal) rest[a * width + b] = 0;
      else rest[b * width + a] = 0;
    };
    // Short strokes may be the flat top of a circle, whose curve leaves the band after one pixel.
    const long = segmentLength(segment) >= longFrom && segmentLength(segment) >= 15 * segmentThickness(segment);
    const fringe = long ? 1 : 0;
    const reach = long ? 2 : 1;
    const side = sideBands.get(segment);
    const lo = Math.max(0, Math.min(segment.lo, side?.lo ?? segment.lo) - fringe);
    const hi = Math.min(across - 1, Math.max(segment.hi, side?.hi ?? segment.hi) + fringe);
    // Ink going on `reach` pixels beyond the band edge `from`, at `b` along the line.
    const inkBeyond = (from: number, step: number, b: number) => {
      for (let k = 1; k <= reach; k++) {
        const a = from + step * k;
        if (a < 0 || a >= across || at(a, b) !== 1) return false;
      }
      return true;
    };
    const last = Math.min(segment.end, along - 1);
    const inkAcross = new Uint16Array(last - segment.start + 1);
    for (let b = segment.start; b <= last; b++) for (let a = lo; a <= hi; a++) inkAcross[b - segment.start] += at(a, b);
    // A band thickened by a filled shape on the line (a valve's solid halves): where the ink across is
    // well above the stroke's own width, the shape is there, not the stroke.
    const stroke = [...inkAcross].sort((x, y) => x - y)[inkAcross.length >> 1];
    const shapeFrom = stroke + Math.max(2, stroke >> 1);
    for (let b = segment.start; b <= last; b++) {
      if (inkAcross[b - segment.start] > shapeFrom || inkBeyond(lo, -1, b) || inkBeyond(hi, 1, b)) continue;
      for (let a = lo; a <= hi; a++) clear(a, b);
    }
  }
  return rest;
}
