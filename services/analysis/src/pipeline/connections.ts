import type { PathSegment } from '@pid/contracts';
import { boxGap, containsPoint, type Box, type InkImage } from './components';
import { segmentCenter, type Segment } from './lines';
import {
  bendsBesideSymbols,
  danglingPipeEnds,
  danglingSignalEnds,
  endsTheLineRunsPast,
  openEnds,
  pointOf,
  trimToDashes,
  type Piece,
} from './piece-ends';
import { alongSolid, markDashesFoundSolid } from './dashes-found-solid';
import { joinPieces } from './piece-joins';
import { PieceLines, pieceReach } from './piece-lines';

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
 * A line running on past both sides of a symbol's reach, beside the symbol's own box: it passes the ink joined to the
 * symbol (a valve's actuator, its leg). A signal line does not end there; a pipe reaches the symbol hung from it on a
 * leg and goes on past it.
 */
function passesBeside(segment: Segment, center: number, core: Box, alongLo: number, alongHi: number): boolean {
  const [coreLo, coreHi] = segment.orientation === 'horizontal' ? [core.y0, core.y1] : [core.x0, core.x1];
  return (center < coreLo || center > coreHi) && segment.start < alongLo && segment.end > alongHi;
}

/**
 * The parts of a segment outside the symbols it runs through (an inline valve splits its pipe), but slivers;
 * a part from a junction dot is kept however short (a branch's valve drawn right beside the dot). `through`: whether
 * the pipe goes on from each part to the next, having only passed beside symbols hung from it on their legs.
 */
function splitAtSymbols(
  segment: Segment,
  symbols: Box[],
  minLength: number,
  dots: Box[],
  cores?: Box[],
): Array<{ span: [number, number]; through: boolean }> {
  const center = segmentCenter(segment);
  const atDot = (along: number) => {
    const [x, y] = segment.orientation === 'horizontal' ? [along, center] : [center, along];
    return dots.some((dot) => containsPoint(dot, x, y, 1));
  };
  const long = (from: number, to: number) => to - from + 1 >= minLength || atDot(from) || atDot(to);
  const cuts: Array<{ lo: number; hi: number; beside: boolean }> = [];
  symbols.forEach((box, index) => {
    const [acrossLo, acrossHi, alongLo, alongHi] =
      segment.orientation === 'horizontal' ? [box.y0, box.y1, box.x0, box.x1] : [box.x0, box.x1, box.y0, box.y1];
    if (center < acrossLo || center > acrossHi || alongHi < segment.start || alongLo > segment.end) return;
    const beside = cores !== undefined && passesBeside(segment, center, cores[index], alongLo, alongHi);
    if (segment.dashed && beside) return;
    cuts.push({ lo: alongLo, hi: alongHi, beside });
  });
  cuts.sort((a, b) => a.lo - b.lo);
  const parts: Array<{ span: [number, number]; through: boolean }> = [];
  let from = segment.start;
  // Whether every cut since the last part kept is a symbol passed beside.
  let beside = true;
  for (const { lo, hi, beside: passed } of cuts) {
    if (lo - 1 >= from && long(from, lo - 1)) {
      parts.push({ span: [from, lo - 1], through: false });
      beside = true;
    }
    beside &&= passed;
    if (parts.length > 0) parts[parts.length - 1].through = beside;
    from = Math.max(from, hi + 1);
  }
  if (segment.end >= from && long(from, segment.end)) parts.push({ span: [from, segment.end], through: false });
  return parts;
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
  const reach = pieceReach(unit, options.crossingGap);
  const { pieces, through } = piecesBetween(segments, symbols, dots, unit, options, reach.of);
  bendsBesideSymbols(pieces, symbols, reach.of);
  markDashesFoundSolid(pieces, reach.of, unit);
  const lines = new PieceLines(pieces, unit, reach.of);
  const runsOn = (piece: Piece, along: number) => lines.runsOn(piece, along);
  endsTheLineRunsPast(pieces, runsOn);
  const { crossingGap, ink, stemLength } = options;
  joinPieces(pieces, { symbols, dots, unit, reach, lines, crossingGap, ink, stemLength });
  // A pipe goes on past a symbol hung from it on a leg: its two pieces reach the symbol and each other.
  for (const [before, after] of through) {
    const point = pointOf(pieces[before], (pieces[before].end + pieces[after].start) / 2);
    pieces[before].neighbours.push({ piece: after, point });
    pieces[after].neighbours.push({ piece: before, point });
  }
  // A process line's stroke also read as dashes leaves no signal end dangling.
  const signalPieces = pieces.filter((piece) => !alongSolid(piece, lines, reach.of, unit));
  danglingSignalEnds(signalPieces, symbols, reach.of, runsOn, ink);
  danglingPipeEnds(pieces, symbols, reach.of, runsOn);

  const found = connectionsFrom(pieces, symbols.length, unit);
  if (options.openEndLength === undefined) return found;
  // Each open end to the first symbol its pipe reaches, the path from the symbol to the end.
  const alongside = (piece: Piece) => lines.alongside(piece);
  for (const { piece, end } of openEnds(pieces, options.openEndLength, reach.of, alongside, runsOn)) {
    const point = pointOf(pieces[piece], pieces[piece][end]);
    const nearest = walk(pieces, piece, point, unit).next();
    if (nearest.done) continue;
    const { target, path, dashed, junctions } = nearest.value;
    found.push({ source: target, target: symbols.length + (options.openEnds ?? []).length, path: reversePath(path), dashed, junctions });
    options.openEnds?.push(point);
  }
  return found;
}

/**
 * The pieces of the page's lines between its symbols, each with the symbol its ends reach: the nearest, and of two
 * as near the one beyond that end (a short stub between a valve and its blind flange reaches both, one at each end).
 */
function piecesBetween(
  segments: Segment[],
  symbols: Box[],
  dots: Box[],
  unit: number,
  options: TraceOptions,
  reachOf: (piece: Piece) => number,
): { pieces: Piece[]; through: Array<[number, number]> } {
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
  const through: Array<[number, number]> = [];
  for (const segment of segments) {
    const parts = splitAtSymbols(segment, symbols, 2 * unit, dots, options.cores);
    parts.forEach(({ through: goesOn }, i) => {
      if (goesOn && i + 1 < parts.length) through.push([pieces.length + i, pieces.length + i + 1]);
    });
    for (const { span } of parts) {
      const [start, end] = span;
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
  return { pieces, through };
}

/** From each symbol along its joined pieces, each pair of symbols reached connected once. */
function connectionsFrom(pieces: Piece[], symbolCount: number, unit: number): TracedConnection[] {
  const connections = new Map<string, TracedConnection>();
  for (let source = 0; source < symbolCount; source++) {
    for (let p = 0; p < pieces.length; p++) {
      const piece = pieces[p];
      if (piece.atStart !== source && piece.atEnd !== source) continue;
      const entry = piece.atStart === source ? piece.start : piece.end;
      for (const reached of walk(pieces, p, pointOf(piece, entry), unit)) {
        if (reached.target === source) continue;
        const key = `${Math.min(source, reached.target)}:${Math.max(source, reached.target)}`;
        if (!connections.has(key)) connections.set(key, { source, ...reached });
      }
    }
  }
  return [...connections.values()];
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
function* walk(pieces: Piece[], first: number, startPoint: [number, number], unit: number): Generator<Omit<TracedConnection, 'source'>> {
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
      // The points where the walk entered each piece, and the pieces between them.
      const points: Array<[number, number]> = [entryPoint, pointOf(piece, piece[end])];
      const legs = [piece];
      let dashed = piece.dashed;
      let junctions = 0;
      for (let step = previous.get(current)!; step.from >= 0; step = previous.get(step.from)!) {
        points.unshift(previous.get(step.from)!.point);
        legs.unshift(pieces[step.from]);
        dashed ||= pieces[step.from].dashed;
        if (pieces[step.from].neighbours.filter(({ overlap }) => !overlap).length > 2) junctions++;
      }
      yield { target, path: toPath(onAxes(points, legs, unit)), dashed, junctions };
    }
    for (const { piece: next, point } of piece.neighbours) {
      if (previous.has(next)) continue;
      previous.set(next, { from: current, point });
      queue.push(next);
    }
  }
}

/**
 * The walked points with the path put square across each jog: two parallel pieces more than a stroke apart joined
 * mid-way (a signal line's short leg aside, too short to be found) are left and entered on their axes, not askew.
 */
function onAxes(points: Array<[number, number]>, legs: Piece[], unit: number): Array<[number, number]> {
  const result = [points[0]];
  for (let i = 1; i < legs.length; i++) {
    const [before, after, join] = [legs[i - 1], legs[i], points[i]];
    if (before.orientation === after.orientation && Math.abs(before.center - after.center) > unit)
      result.push(onAxis(before, join), onAxis(after, join));
    else result.push(join);
  }
  result.push(points[points.length - 1]);
  return result;
}

const onAxis = (piece: Piece, [x, y]: [number, number]) => pointOf(piece, piece.orientation === 'horizontal' ? x : y);

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
