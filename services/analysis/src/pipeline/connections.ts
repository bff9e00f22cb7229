import type { PathSegment } from '@pid/contracts';
import { boxGap, containsPoint, type Box, type InkImage } from './components';
import { segmentCenter, type Segment } from './lines';
import { bendsBesideSymbols, danglingSignalEnds, openEnds, pointOf, stemBeyond, trimToDashes, type Piece } from './piece-ends';
import { markDashesFoundSolid } from './dashes-found-solid';

export interface TracedConnection {
  source: number;
  target: number;
  path: PathSegment[];
  dashed: boolean;
  /** Junctions passed on the way (a feature of the connection-confidence model). */
  junctions: number;
}

export interface TraceOptions {
  /**
   * Also trace open ends: a process line that stops where no symbol, line or dot is, at least this far from
   * where it was last joined (a pipe leaving the drawn area, a vent, a line into a symbol not found). Each is
   * connected to the nearest symbol along its pipe: its `target` is `symbols.length` plus its index in `openEnds`.
   */
  openEndLength?: number;
  /** Filled with the open ends' points, in the order their connections name them. */
  openEnds?: Array<[number, number]>;
  /**
   * How far either side of a pipe a solid line drawn broken to cross it may stop (a gap crossing, drawn to the
   * sheet's scale), at least a stroke's reach: the two pieces are one line across the pipe. Unset, a line broken
   * wider than its reach stays broken (a PDF's strokes are exact).
   */
  crossingGap?: number;
  /** Each symbol's own box, where `symbols` holds its reach (the ink joined to it) instead. */
  cores?: Box[];
  /**
   * A raster page's ink: where a signal line's last dash is (`trimToDashes`), where a dangling end bends to, and where
   * a line goes on across a pipe into a symbol's stem (`stemBeyond`), no longer than `stemLength` (the shortest line).
   */
  ink?: InkImage;
  stemLength?: number;
}

/**
 * The least reach of a solid line's end, in pixels: a scan's speck of paper breaks a line for a few pixels whatever
 * its stroke (up to 7 px, and a pixel of blur each side), where the stroke-based reach of a hairline is 5 to 7 px.
 */
export const MIN_SOLID_REACH = 9;

/**
 * A signal line running on past both sides of a symbol's reach, beside the symbol's own box: it passes the ink joined
 * to the symbol (a valve's actuator, its leg), it does not end there. (A pipe may: a valve hung from it on a leg.)
 */
function passesBeside(segment: Segment, center: number, core: Box, alongLo: number, alongHi: number): boolean {
  const [coreLo, coreHi] = segment.orientation === 'horizontal' ? [core.y0, core.y1] : [core.x0, core.x1];
  return (center < coreLo || center > coreHi) && segment.start < alongLo && segment.end > alongHi;
}

/**
 * The parts of a segment outside the symbols it runs through (an inline valve splits its pipe), but slivers;
 * a part from a junction dot is kept however short (a branch's valve drawn right beside the dot).
 */
function splitAtSymbols(segment: Segment, symbols: Box[], minLength: number, dots: Box[], cores?: Box[]): Array<[number, number]> {
  const center = segmentCenter(segment);
  const atDot = (along: number) => {
    const [x, y] = segment.orientation === 'horizontal' ? [along, center] : [center, along];
    return dots.some((dot) => containsPoint(dot, x, y, 1));
  };
  const long = (from: number, to: number) => to - from + 1 >= minLength || atDot(from) || atDot(to);
  const cuts: Array<[number, number]> = [];
  symbols.forEach((box, index) => {
    const [acrossLo, acrossHi, alongLo, alongHi] =
      segment.orientation === 'horizontal' ? [box.y0, box.y1, box.x0, box.x1] : [box.x0, box.x1, box.y0, box.y1];
    if (center < acrossLo || center > acrossHi || alongHi < segment.start || alongLo > segment.end) return;
    if (segment.dashed && cores && passesBeside(segment, center, cores[index], alongLo, alongHi)) return;
    cuts.push([alongLo, alongHi]);
  });
  cuts.sort((a, b) => a[0] - b[0]);
  const pieces: Array<[number, number]> = [];
  let from = segment.start;
  for (const [lo, hi] of cuts) {
    if (lo - 1 >= from && long(from, lo - 1)) pieces.push([from, lo - 1]);
    from = Math.max(from, hi + 1);
  }
  if (segment.end >= from && long(from, segment.end)) pieces.push([from, segment.end]);
  return pieces;
}

/**
 * Traces pipes between symbols: pieces of line join at bends and T junctions, and at crossings only
 * where a junction dot is drawn. From each symbol, a breadth-first walk along the pipes finds the next
 * symbols; each pair is connected once, with the path along the drawn lines.
 */
export function traceConnections(
  segments: Segment[],
  symbols: Box[],
  dots: Box[],
  unit: number,
  options: TraceOptions = {},
): TracedConnection[] {
  const tolerance = 2 * unit + 3;
  // A dashed line's found ends stop short by up to a dash and a gap: its first dash may touch the bubble
  // (joined to it), and at a bend the dashes of the two runs fall where the pattern puts them. A solid hairline's
  // reach is no shorter than a speck of paper across it.
  const reachOf = (piece: Piece) => (piece.dashed ? 2 * tolerance : Math.max(tolerance, MIN_SOLID_REACH));
  // A gap crossing's break is drawn to the sheet's scale, not the pen's: it may stand wider of the crossed pipe.
  const crossingReachOf = (piece: Piece) => Math.max(reachOf(piece), piece.dashed ? 0 : (options.crossingGap ?? 0));
  // The symbol an end of a piece reaches: the nearest, and of two as near the one beyond that end (a short
  // stub between a valve and its blind flange reaches both, one at each end).
  const symbolAt = (piece: Piece, end: 'start' | 'end') => {
    const [x, y] = pointOf(piece, piece[end]);
    const point = { x0: x, y0: y, x1: x, y1: y };
    const beyond = (box: Box) => {
      const middle = piece.orientation === 'horizontal' ? (box.x0 + box.x1) / 2 : (box.y0 + box.y1) / 2;
      return end === 'start' ? middle <= piece.start : middle >= piece.end;
    };
    let best = -1;
    let bestGap = Infinity;
    symbols.forEach((box, index) => {
      if (!containsPoint(box, x, y, reachOf(piece))) return;
      const gap = boxGap(box, point) + (beyond(box) ? 0 : 0.5);
      if (gap < bestGap) [best, bestGap] = [index, gap];
    });
    return best;
  };
  const pieces: Piece[] = [];
  for (const segment of segments) {
    for (const [start, end] of splitAtSymbols(segment, symbols, 2 * unit, dots, options.cores)) {
      const piece: Piece = {
        orientation: segment.orientation,
        start,
        end,
        center: segmentCenter(segment),
        halfWidth: (segment.hi - segment.lo + 1) / 2,
        dashed: segment.dashed,
        atStart: -1,
        atEnd: -1,
        neighbours: [],
      };
      if (options.ink) trimToDashes(piece, options.ink);
      piece.atStart = symbolAt(piece, 'start');
      piece.atEnd = symbolAt(piece, 'end');
      leadAway(piece, symbols);
      pieces.push(piece);
    }
  }
  bendsBesideSymbols(pieces, symbols, reachOf);
  markDashesFoundSolid(pieces, reachOf, unit);
  // Pieces by orientation and the row or column of their centre, to find a line's continuation.
  const byLine = new Map<string, Piece[]>();
  for (const piece of pieces) {
    const key = `${piece.orientation}:${Math.round(piece.center)}`;
    if (!byLine.has(key)) byLine.set(key, []);
    byLine.get(key)!.push(piece);
  }
  // The other pieces on a piece's line (centres two strokes apart at most, solid with solid, dashed with dashed): a
  // dashed line drawn a little askew is found in pieces whose centres stand that far apart.
  const alongside = (piece: Piece) => {
    const found: Piece[] = [];
    for (let c = Math.round(piece.center) - 2 * unit; c <= Math.round(piece.center) + 2 * unit; c++) {
      for (const other of byLine.get(`${piece.orientation}:${c}`) ?? [])
        if (other !== piece && other.dashed === piece.dashed) found.push(other);
    }
    return found;
  };
  // A line drawn a little askew (a scan's leftover skew) is found in pieces side by side that overlap: where one
  // piece stops, the line runs on in the other. Such an end is no end.
  const runsOn = (piece: Piece, along: number) =>
    alongside(piece).some((other) => other.start < along - reachOf(piece) && other.end > along + reachOf(piece));
  // A pipe's end that reaches a symbol ends there: a line passing close by is not joined to it.
  const nearEnd = (piece: Piece, along: number) =>
    ((Math.abs(along - piece.start) <= reachOf(piece) && piece.atStart < 0) ||
      (Math.abs(along - piece.end) <= reachOf(piece) && piece.atEnd < 0)) &&
    !runsOn(piece, along);
  // A signal line's short jog aside is too short for the dash finder: two parallel dashed runs a little
  // apart, one ending where the other begins, are one line (where neither end reaches a symbol).
  const signalJog = (first: Piece, second: Piece): [number, number] | undefined => {
    const reach = reachOf(first);
    const offset = Math.abs(first.center - second.center);
    if (offset <= unit || offset > 2 * reach) return undefined;
    for (const [a, b] of [
      [first, second],
      [second, first],
    ]) {
      if (a.atEnd >= 0 || b.atStart >= 0 || Math.abs(a.end - b.start) > reach) continue;
      const [x0, y0] = pointOf(a, a.end);
      const [x1, y1] = pointOf(b, b.start);
      return [(x0 + x1) / 2, (y0 + y1) / 2];
    }
    return undefined;
  };
  // A line drawn broken where it crosses a pipe (a gap crossing): two pieces of it stop either side of a pipe that
  // runs on past both, a gap wider than a stroke's reach (it is drawn to the sheet's scale, not the pen's).
  const gapCrossing = (first: Piece, second: Piece, middle: number, gap: number): boolean => {
    if (options.crossingGap === undefined || first.dashed || gap > 2 * crossingReachOf(first)) return false;
    const reach = reachOf(first);
    const center = (first.center + second.center) / 2;
    const across = first.orientation === 'horizontal' ? 'vertical' : 'horizontal';
    // The crossed pipe anywhere in the gap: a short signal line found as solid dashes may touch it on one side.
    const [lo, hi] = [middle - gap / 2, middle + gap / 2];
    for (let c = Math.floor(lo - unit - 1); c <= Math.ceil(hi + unit + 1); c++) {
      const crossing = byLine
        .get(`${across}:${c}`)
        ?.some(
          (crossed) =>
            !crossed.dashed &&
            crossed.center >= lo - unit - 1 &&
            crossed.center <= hi + unit + 1 &&
            crossed.start < center - reach &&
            crossed.end > center + reach,
        );
      if (crossing) return true;
    }
    return false;
  };
  const within = (piece: Piece, along: number, reach = reachOf(piece)) => along >= piece.start - reach && along <= piece.end + reach;
  // A gap crossing drawn with a symbol right beyond it: a piece stopping short of a pipe that runs on past it
  // (a clear gap, no dot) with a symbol as far beyond the pipe goes on into that symbol, not into the pipe.
  const symbolAcross = (piece: Piece, crossed: Piece): { piece: Piece; end: 'start' | 'end'; symbol: number } | undefined => {
    const reach = reachOf(piece);
    if (crossed.start > piece.center - reach || crossed.end < piece.center + reach) return undefined;
    for (const end of ['start', 'end'] as const) {
      const side = end === 'start' ? 1 : -1;
      const offset = side * (piece[end] - crossed.center);
      if ((end === 'start' ? piece.atStart : piece.atEnd) >= 0 || offset <= crossed.halfWidth + 1 || offset > crossingReachOf(piece))
        continue;
      const [x, y] = pointOf(piece, crossed.center - side * offset);
      const symbol = symbols.findIndex((box) => containsPoint(box, x, y, reach));
      if (symbol >= 0) return { piece, end, symbol };
    }
    return undefined;
  };
  // A line stopping on a pipe, a symbol's stem going on straight from the pipe's other side (rasters).
  const stemAcross = (piece: Piece, crossed: Piece) => {
    const reach = { gap: crossingReachOf(piece), stem: options.stemLength ?? 0 };
    const found = options.ink && stemBeyond(piece, crossed, symbols, options.ink, reach);
    return found ? { piece, ...found } : undefined;
  };
  // A line stopping at a pipe that runs on past it, and going on straight from the pipe's other side, crosses
  // it (drawn broken at the crossing), unless a dot marks a junction. A solid line may go on as far off as a gap
  // crossing's whole gap: a signal line's dashes found solid may touch the pipe on one side only.
  const crosses = (piece: Piece, crossed: Piece): boolean => {
    const reach = reachOf(piece);
    if (crossed.start > piece.center - reach || crossed.end < piece.center + reach) return false;
    const [before, after] = [Math.abs(piece.end - crossed.center) <= reach, Math.abs(piece.start - crossed.center) <= reach];
    if (before === after) return false;
    const far = piece.dashed || options.crossingGap === undefined ? reach : 2 * crossingReachOf(piece);
    return alongside(piece).some((other) =>
      before
        ? Math.abs(other.start - crossed.center) <= far && other.end > crossed.center + reach
        : Math.abs(other.end - crossed.center) <= far && other.start < crossed.center - reach,
    );
  };
  for (let a = 0; a < pieces.length; a++) {
    for (let b = a + 1; b < pieces.length; b++) {
      const first = pieces[a];
      const second = pieces[b];
      // A signal line meets a pipe at a sensing point, not a symbol: the two networks stay apart.
      if (first.dashed !== second.dashed) continue;
      if (first.orientation === second.orientation) {
        const jog = first.dashed ? signalJog(first, second) : undefined;
        if (jog) {
          first.neighbours.push({ piece: b, point: jog });
          second.neighbours.push({ piece: a, point: jog });
          continue;
        }
        // A line broken by a gap (or by a junction dot) continues, and one found in overlapping pieces.
        if (Math.abs(first.center - second.center) > unit) continue;
        const gap = Math.max(first.start, second.start) - Math.min(first.end, second.end);
        const along = (Math.max(first.start, second.start) + Math.min(first.end, second.end)) / 2;
        if (gap > reachOf(first) && !gapCrossing(first, second, along, gap)) continue;
        const point = pointOf(first, along);
        // Symbols stop the walk: a pipe continues beyond an inline symbol as another connection.
        if (symbols.some((box) => containsPoint(box, point[0], point[1]))) continue;
        const overlap = gap < 0;
        first.neighbours.push({ piece: b, point, overlap });
        second.neighbours.push({ piece: a, point, overlap });
        continue;
      }
      const [h, v] = first.orientation === 'horizontal' ? [first, second] : [second, first];
      const near = within(h, v.center) && within(v, h.center);
      if (!near && !(within(h, v.center, crossingReachOf(h)) && within(v, h.center, crossingReachOf(v)))) continue;
      const point: [number, number] = [v.center, h.center];
      const dotted = dots.some((dot) => containsPoint(dot, point[0], point[1], unit));
      const across = dotted ? undefined : (symbolAcross(v, h) ?? symbolAcross(h, v) ?? stemAcross(v, h) ?? stemAcross(h, v));
      if (across) {
        if (across.end === 'start') across.piece.atStart = across.symbol;
        else across.piece.atEnd = across.symbol;
        continue;
      }
      if (!near) continue;
      if (!dotted && (crosses(v, h) || crosses(h, v))) continue;
      const joined = nearEnd(h, v.center) || nearEnd(v, h.center) || dotted;
      if (!joined) continue;
      first.neighbours.push({ piece: b, point });
      second.neighbours.push({ piece: a, point });
    }
  }

  danglingSignalEnds(pieces, symbols, reachOf, runsOn, options.ink);

  const connections = new Map<string, TracedConnection>();
  symbols.forEach((_, source) => {
    for (let p = 0; p < pieces.length; p++) {
      const piece = pieces[p];
      if (piece.atStart !== source && piece.atEnd !== source) continue;
      const entry = piece.atStart === source ? piece.start : piece.end;
      for (const reached of walk(pieces, p, pointOf(piece, entry))) {
        if (reached.target === source) continue;
        const key = `${Math.min(source, reached.target)}:${Math.max(source, reached.target)}`;
        if (!connections.has(key)) connections.set(key, { source, ...reached });
      }
    }
  });
  if (options.openEndLength === undefined) return [...connections.values()];

  // Each open end to the first symbol its pipe reaches, the path from the symbol to the end.
  const found = [...connections.values()];
  for (const { piece, end } of openEnds(pieces, options.openEndLength, reachOf, alongside, runsOn)) {
    const point = pointOf(pieces[piece], pieces[piece][end]);
    const nearest = walk(pieces, piece, point).next();
    if (nearest.done) continue;
    const { target, path, dashed, junctions } = nearest.value;
    found.push({ source: target, target: symbols.length + (options.openEnds ?? []).length, path: reversePath(path), dashed, junctions });
    options.openEnds?.push(point);
  }
  return found;
}

/**
 * A piece shorter than a stroke's reach beside a symbol has both ends within reach of it (a valve's few pixels of leg
 * to the pipe it hangs from): it belongs to the symbol at its nearer end only, and leads away from it at the other.
 */
function leadAway(piece: Piece, symbols: Box[]): void {
  if (piece.atStart < 0 || piece.atStart !== piece.atEnd) return;
  const box = symbols[piece.atStart];
  const gapAt = (along: number) => {
    const [x, y] = pointOf(piece, along);
    return boxGap(box, { x0: x, y0: y, x1: x, y1: y });
  };
  const [start, end] = [gapAt(piece.start), gapAt(piece.end)];
  if (start < end) piece.atEnd = -1;
  else if (end < start) piece.atStart = -1;
}

/**
 * Breadth-first from a piece's point along the joined pieces: each symbol end reached, nearest first, with the
 * path there along the drawn lines.
 */
function* walk(pieces: Piece[], first: number, startPoint: [number, number]): Generator<Omit<TracedConnection, 'source'>> {
  const previous = new Map<number, { from: number; point: [number, number] }>();
  previous.set(first, { from: -1, point: startPoint });
  const queue = [first];
  while (queue.length) {
    const current = queue.shift()!;
    const piece = pieces[current];
    const entryPoint = previous.get(current)!.point;
    for (const end of ['start', 'end'] as const) {
      const target = end === 'start' ? piece.atStart : piece.atEnd;
      if (target < 0) continue;
      const points: Array<[number, number]> = [entryPoint, pointOf(piece, piece[end])];
      let dashed = piece.dashed;
      let junctions = 0;
      for (let step = previous.get(current)!; step.from >= 0; step = previous.get(step.from)!) {
        points.unshift(previous.get(step.from)!.point);
        dashed ||= pieces[step.from].dashed;
        if (pieces[step.from].neighbours.filter(({ overlap }) => !overlap).length > 2) junctions++;
      }
      yield { target, path: toPath(points), dashed, junctions };
    }
    for (const { piece: next, point } of piece.neighbours) {
      if (previous.has(next)) continue;
      previous.set(next, { from: current, point });
      queue.push(next);
    }
  }
}

function reversePath(path: PathSegment[]): PathSegment[] {
  return path.map(({ orientation, start, end }) => ({ orientation, start: end, end: start })).reverse();
}

function toPath(points: Array<[number, number]>): PathSegment[] {
  const path: PathSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[i + 1];
    if (x0 === x1 && y0 === y1) continue;
    path.push({ orientation: Math.abs(x1 - x0) >= Math.abs(y1 - y0) ? 'horizontal' : 'vertical', start: [x0, y0], end: [x1, y1] });
  }
  return path;
}
