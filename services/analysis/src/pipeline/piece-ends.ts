/**
 * Where the ends of a traced page's pipe pieces go: a bend beside a symbol, a signal line's dangling end or last dash,
 * a line crossing a pipe into a symbol's stem, a process line's open end (`connections.ts` joins the pieces and walks
 * them).
 */
import { boxGap, inkAt, type Box, type InkImage } from './components';
import { acrossRange, alongRange } from './text-lines';

/** A piece of pipe between symbols: an axis-aligned stroke. */
export interface Piece {
  orientation: 'horizontal' | 'vertical';
  start: number;
  end: number;
  center: number;
  /** Half the stroke's width across it. */
  halfWidth: number;
  dashed: boolean;
  /** Symbol index attached at each end, or -1. */
  atStart: number;
  atEnd: number;
  /** Pieces joined to it, and where; `overlap`: another piece of the same line found beside it (no junction). */
  neighbours: Array<{ piece: number; point: [number, number]; overlap?: boolean }>;
}

export const pointOf = (piece: Piece, along: number): [number, number] =>
  piece.orientation === 'horizontal' ? [along, piece.center] : [piece.center, along];

/**
 * Whether the pixel at `step` on a line of pixels `line` is ink: a line along the piece (`line` across it, `step`
 * along it), or, `square`, a line square to it (`line` along the piece, `step` across it).
 */
export function inkOn(ink: InkImage, piece: Piece, square: boolean, line: number, step: number): boolean {
  return (piece.orientation === 'horizontal') === square ? inkAt(ink, line, step) : inkAt(ink, step, line);
}

/**
 * A signal line's last bend into its bubble is often too short for the dash finder: an end left dangling (no
 * symbol, no other line) belongs to the symbol its last leg would run straight into, square to the piece or straight
 * on, within four reaches; else to the nearest symbol within three. With the page's `ink`, the leg runs across ink,
 * not paper: of those symbols, the nearest that a dash or more of ink runs to from the end (two bubbles either side of
 * a bend, a line bending up into its vessel beside a flange straight on). An end where the line `runsOn` in another
 * piece found along it (the dash finder's and the line-ink model's pieces of one line) dangles nowhere.
 */
export function danglingSignalEnds(
  pieces: Piece[],
  symbols: Box[],
  reachOf: (piece: Piece) => number,
  runsOn: (piece: Piece, along: number) => boolean,
  ink?: InkImage,
): void {
  for (const piece of pieces) {
    if (!piece.dashed) continue;
    const reach = reachOf(piece);
    for (const end of ['start', 'end'] as const) {
      if (!dangles(piece, end, reach, runsOn)) continue;
      const [x, y] = pointOf(piece, piece[end]);
      const ahead = (box: Box) => {
        const at = piece[end];
        const [lo, hi] = alongRange(box, piece.orientation);
        if (square(piece, at, box)) return true;
        return acrossAxis(piece, box) && (end === 'end' ? lo >= at - reach : hi <= at + reach);
      };
      // One pass: the nearest symbol straight along the last leg, the nearest of those its leg's ink runs to, and the
      // nearest of all.
      const point = { x0: x, y0: y, x1: x, y1: y };
      let [straight, straightGap, inked, inkedGap, nearest, nearestGap] = [-1, 4 * reach, -1, 4 * reach, -1, 3 * reach];
      symbols.forEach((box, index) => {
        const gap = boxGap(box, point);
        if (gap <= straightGap && ahead(box)) [straight, straightGap] = [index, gap];
        if (ink && gap <= inkedGap && ahead(box) && legInked(ink, piece, piece[end], box)) [inked, inkedGap] = [index, gap];
        if (gap <= nearestGap) [nearest, nearestGap] = [index, gap];
      });
      attachEnd(piece, end, inked >= 0 ? inked : straight >= 0 ? straight : nearest);
    }
  }
}

/** Whether a box stands across the piece's axis (the line run on would meet it). */
const acrossAxis = (piece: Piece, box: Box) => {
  const [acrossLo, acrossHi] = acrossRange(box, piece.orientation);
  return piece.center >= acrossLo && piece.center <= acrossHi;
};

/** Gives a piece's end to a symbol (or to none, -1). */
function attachEnd(piece: Piece, end: 'start' | 'end', target: number): void {
  if (end === 'start') piece.atStart = target;
  else piece.atEnd = target;
}

/** An end left dangling: no symbol, no other piece within reach, and the line does not run on in another piece. */
function dangles(piece: Piece, end: 'start' | 'end', reach: number, runsOn: (piece: Piece, along: number) => boolean): boolean {
  if ((end === 'start' ? piece.atStart : piece.atEnd) >= 0) return false;
  const [x, y] = pointOf(piece, piece[end]);
  if (piece.neighbours.some(({ point }) => Math.hypot(point[0] - x, point[1] - y) <= reach)) return false;
  return !runsOn(piece, piece[end]);
}

/** How far short of the symbol straight ahead a process line may stop, in reaches. */
export const PIPE_END_REACHES = 2;

/**
 * A process line stopping a little more than a reach short of the symbol it runs straight into: the symbol's box is
 * drawn in to its body (a detector's box on a column leaves its dome out, on a vessel its head). An end left dangling
 * belongs to the nearest symbol straight on, its box across the line's axis, within two reaches. A pipe drawn stopping
 * in the open, or passing beside a symbol, has none.
 */
export function danglingPipeEnds(
  pieces: Piece[],
  symbols: Box[],
  reachOf: (piece: Piece) => number,
  runsOn: (piece: Piece, along: number) => boolean,
): void {
  for (const piece of pieces) {
    if (piece.dashed) continue;
    const reach = reachOf(piece);
    for (const end of ['start', 'end'] as const) {
      if (!dangles(piece, end, reach, runsOn)) continue;
      let [target, targetGap] = [-1, PIPE_END_REACHES * reach];
      symbols.forEach((box, index) => {
        if (!acrossAxis(piece, box)) return;
        const [lo, hi] = alongRange(box, piece.orientation);
        const gap = end === 'end' ? lo - piece.end : piece.start - hi;
        if (gap >= 0 && gap <= targetGap) [target, targetGap] = [index, gap];
      });
      attachEnd(piece, end, target);
    }
  }
}

/** A signal line's end trails paper at most this many times its longest gap between dashes. */
const TRAIL_GAPS = 1.5;

/**
 * A signal line found running on past its last dash, over more paper than lies between any two of its dashes: the
 * dash finder took a symbol's outline beyond for one more dash (a bubble's top under the line's bend). The piece ends
 * at its last dash. A piece with no gap between dashes is left as found (its pattern is unknown).
 */
export function trimToDashes(piece: Piece, ink: InkImage): void {
  if (!piece.dashed) return;
  const [lo, hi] = [Math.floor(piece.center - piece.halfWidth), Math.ceil(piece.center + piece.halfWidth)];
  const inked = (along: number) => {
    for (let across = lo; across <= hi; across++) if (inkOn(ink, piece, false, across, along)) return true;
    return false;
  };
  let [first, last, longest, since] = [-1, -1, 0, -1];
  for (let along = piece.start; along <= piece.end; along++) {
    if (!inked(along)) continue;
    if (first < 0) first = along;
    else longest = Math.max(longest, along - since - 1);
    [last, since] = [along, along];
  }
  if (first < 0 || longest === 0) return;
  if (first - piece.start > TRAIL_GAPS * longest) piece.start = first;
  if (piece.end - last > TRAIL_GAPS * longest) piece.end = last;
}

/** The least share of a stem's stretch inked: drawn solid. */
const STEM_COVER = 0.5;

/** How far a line crossing a pipe may stop short of it on either side (`gap`), and how long a stem may run beyond. */
export interface StemReach {
  gap: number;
  stem: number;
}

/**
 * A solid line ending on a pipe that runs on past it, or stopping short of it as a gap crossing does, with a symbol
 * straight on beyond the pipe and solid ink between the two (a stem too short to be found as a line, after the far
 * side's gap): the line crosses the pipe into that symbol (no dot, no tee). Which end of the piece, and the symbol.
 */
export function stemBeyond(
  piece: Piece,
  crossed: Piece,
  symbols: Box[],
  ink: InkImage,
  reach: StemReach,
): { end: 'start' | 'end'; symbol: number } | undefined {
  if (piece.dashed || crossed.dashed || crossed.start > piece.center - reach.gap || crossed.end < piece.center + reach.gap)
    return undefined;
  const touching = crossed.halfWidth + 1;
  for (const end of ['start', 'end'] as const) {
    // Beyond the pipe: before the piece's start, after its end.
    const side = end === 'start' ? -1 : 1;
    const offset = -side * (piece[end] - crossed.center);
    if ((end === 'start' ? piece.atStart : piece.atEnd) >= 0 || offset < -touching || offset > reach.gap) continue;
    const far = crossed.center + side * touching;
    let [symbol, nearest] = [-1, reach.stem];
    symbols.forEach((box, index) => {
      const [lo, hi] = alongRange(box, piece.orientation);
      const [acrossLo, acrossHi] = acrossRange(box, piece.orientation);
      const gap = side < 0 ? far - hi : lo - far;
      if (piece.center >= acrossLo && piece.center <= acrossHi && gap >= 0 && gap <= nearest) [symbol, nearest] = [index, gap];
    });
    if (symbol < 0) continue;
    // The stretch from the pipe's far side to the symbol: paper as long as the near side's gap at most, then the stem.
    const steps = Math.floor(nearest);
    const inkedAt = (step: number) => inkOn(ink, piece, false, Math.round(piece.center), Math.round(far + side * step));
    let first = 0;
    while (first < steps && !inkedAt(first)) first++;
    if (first > Math.max(offset, 0) + touching) continue;
    let inked = 0;
    for (let step = first; step < steps; step++) if (inkedAt(step)) inked++;
    if (steps - first <= 0 || inked / (steps - first) >= STEM_COVER) return { end, symbol };
  }
  return undefined;
}

/** The least share of a leg's stretch inked: one dash of a signal line. */
const LEG_COVER = 0.2;

/** Whether a box stands beside a piece's end, square to the piece: the end lies within the box's span along it. */
function square(piece: Piece, at: number, box: Box): boolean {
  const [lo, hi] = alongRange(box, piece.orientation);
  return at >= lo && at <= hi;
}

/**
 * Whether ink runs from a piece's end into a box ahead of it, as a leg does (a dash at least): the best covered of the
 * rows (or columns) through the end, between the piece's stroke and the box, square to the piece for a box beside its
 * end, straight on for one beyond it.
 */
function legInked(ink: InkImage, piece: Piece, at: number, box: Box): boolean {
  const beside = square(piece, at, box);
  const [boxLo, boxHi] = beside ? acrossRange(box, piece.orientation) : alongRange(box, piece.orientation);
  const [middle, margin] = beside ? [piece.center, Math.ceil(piece.halfWidth) + 1] : [at, 1];
  const [from, to] =
    boxHi < middle ? [Math.floor(boxHi) + 1, Math.floor(middle) - margin] : [Math.ceil(middle) + margin, Math.ceil(boxLo) - 1];
  if (to < from) return true;
  // Each line of pixels the leg may run along, through the end (square) or the piece's stroke (straight on).
  const through = beside ? at : piece.center;
  let most = 0;
  for (let line = Math.round(through - piece.halfWidth - 1); line <= Math.round(through + piece.halfWidth + 1); line++) {
    let count = 0;
    for (let step = from; step <= to; step++) if (inkOn(ink, piece, beside, line, step)) count++;
    most = Math.max(most, count / (to - from + 1));
  }
  return most >= LEG_COVER;
}

/** Whether a box stands across a piece's axis, centred on it within a quarter of its size (a symbol on the line). */
function straddles(piece: Piece, box: Box): boolean {
  const [lo, hi] = acrossRange(box, piece.orientation);
  return Math.abs(piece.center - (lo + hi) / 2) <= 0.25 * (hi - lo);
}

/**
 * Whether two pieces meet in a clean corner clear of a symbol: both end right at the corner (within their strokes and
 * a pixel or two), both run on longer than a reach from it, and the symbol stands half a reach or more away. A line
 * pointing at a symbol that turns off before it (a signal line jogging past an orifice plate) bends there.
 */
function cornerClearOf(h: Piece, v: Piece, box: Box, reach: number): boolean {
  const slack = 2 + h.halfWidth + v.halfWidth;
  const cleanEnd = (piece: Piece, at: number) => {
    const [near, far] = Math.abs(piece.start - at) <= Math.abs(piece.end - at) ? [piece.start, piece.end] : [piece.end, piece.start];
    return Math.abs(near - at) <= slack && Math.abs(far - at) > reach;
  };
  const corner = { x0: v.center, y0: h.center, x1: v.center, y1: h.center };
  return cleanEnd(h, v.center) && cleanEnd(v, h.center) && boxGap(box, corner) >= reach / 2;
}

/**
 * A bend drawn beside a symbol is a bend: where a horizontal and a vertical piece end at one corner and neither
 * symbol their ends reach stands on its piece's line (a symbol next to the corner, within reach of both ends), or
 * the corner is clean and clear of it (`cornerClearOf`), the two ends are the corner's, to be joined, not the symbol's.
 */
export function bendsBesideSymbols(pieces: Piece[], symbols: Box[], reachOf: (piece: Piece) => number): void {
  const endNear = (piece: Piece, along: number): 'atStart' | 'atEnd' | undefined =>
    Math.abs(along - piece.start) <= reachOf(piece) ? 'atStart' : Math.abs(along - piece.end) <= reachOf(piece) ? 'atEnd' : undefined;
  const horizontal = pieces.filter((piece) => piece.orientation === 'horizontal');
  const vertical = pieces.filter((piece) => piece.orientation === 'vertical');
  for (const h of horizontal) {
    for (const v of vertical) {
      if (h.dashed !== v.dashed) continue;
      const [hEnd, vEnd] = [endNear(h, v.center), endNear(v, h.center)];
      if (!hEnd || !vEnd) continue;
      const [hSymbol, vSymbol] = [h[hEnd], v[vEnd]];
      if (hSymbol < 0 && vSymbol < 0) continue;
      const endsThere = (piece: Piece, symbol: number) =>
        symbol >= 0 && straddles(piece, symbols[symbol]) && !cornerClearOf(h, v, symbols[symbol], reachOf(h));
      if (endsThere(h, hSymbol) || endsThere(v, vSymbol)) continue;
      h[hEnd] = -1;
      v[vEnd] = -1;
    }
  }
}

/**
 * An end that the line runs on past, in a piece of it found beside this one (a dashed line found twice, once
 * shorter), is no end of the line: it reaches no symbol. (A symbol the line ends at splits the other piece too.)
 */
export function endsTheLineRunsPast(pieces: Piece[], runsOn: (piece: Piece, along: number) => boolean): void {
  for (const piece of pieces) {
    if (piece.atStart >= 0 && runsOn(piece, piece.start)) piece.atStart = -1;
    if (piece.atEnd >= 0 && runsOn(piece, piece.end)) piece.atEnd = -1;
  }
}

/**
 * The ends of process lines that stop in the open: no symbol there, no other line within reach (a line broken
 * at a crossing stops beside the line it crosses; pieces of the same line found side by side don't count, those
 * that run on have joined it), and at least `minLength` from where the piece was last
 * joined or reached a symbol, so a bend's overshoot or a symbol's leftover stroke is none.
 */
export function openEnds(
  pieces: Piece[],
  minLength: number,
  reachOf: (piece: Piece) => number,
  alongside: (piece: Piece) => Piece[],
  runsOn: (piece: Piece, along: number) => boolean,
): Array<{ piece: number; end: 'start' | 'end' }> {
  const alongOf = (piece: Piece, [x, y]: [number, number]) => (piece.orientation === 'horizontal' ? x : y);
  const nearLine = (point: [number, number], piece: Piece, reach: number) => {
    const sameLine = new Set(alongside(piece));
    return pieces.some((other) => {
      if (other === piece || sameLine.has(other)) return false;
      const [x0, y0] = pointOf(other, other.start);
      const [x1, y1] = pointOf(other, other.end);
      const dx = Math.max(x0 - point[0], point[0] - x1, 0);
      const dy = Math.max(y0 - point[1], point[1] - y1, 0);
      return Math.hypot(dx, dy) <= reach + other.halfWidth;
    });
  };
  const ends: Array<{ piece: number; end: 'start' | 'end' }> = [];
  pieces.forEach((piece, index) => {
    if (piece.dashed) return;
    for (const end of ['start', 'end'] as const) {
      const [here, other] = end === 'start' ? [piece.atStart, piece.atEnd] : [piece.atEnd, piece.atStart];
      if (here >= 0) continue;
      const along = piece[end];
      const anchors = piece.neighbours.map(({ point }) => alongOf(piece, point));
      if (other >= 0) anchors.push(end === 'start' ? piece.end : piece.start);
      if (!anchors.length || Math.min(...anchors.map((a) => Math.abs(a - along))) < minLength) continue;
      if (runsOn(piece, along) || nearLine(pointOf(piece, along), piece, reachOf(piece))) continue;
      ends.push({ piece: index, end });
    }
  });
  // Pieces of one line side by side end together: one end for them, the longest piece's.
  const length = ({ piece }: { piece: number }) => pieces[piece].end - pieces[piece].start;
  const kept: typeof ends = [];
  for (const candidate of ends.sort((a, b) => length(b) - length(a))) {
    const [x, y] = pointOf(pieces[candidate.piece], pieces[candidate.piece][candidate.end]);
    const twin = kept.some(({ piece, end }) => {
      const [kx, ky] = pointOf(pieces[piece], pieces[piece][end]);
      return alongside(pieces[piece]).includes(pieces[candidate.piece]) && Math.hypot(kx - x, ky - y) <= reachOf(pieces[piece]);
    });
    if (!twin) kept.push(candidate);
  }
  return kept;
}
