/**
 * Where a traced page's pipe pieces join: a line broken by a gap goes on, lines meet at bends and T junctions, and
 * cross only where a junction dot is drawn (`connections.ts` walks the joined pieces from symbol to symbol).
 */
import { containsPoint, type Box } from './components';
import { squareTo } from './lines';
import type { TraceOptions } from './connections';
import { inkOn, pointOf, stemBeyond, type Piece } from './piece-ends';
import type { PieceLines, PieceReach } from './piece-lines';

/** The page's symbols, dots, stroke and pieces by line, with the tracing options the joins read. */
export interface JoinContext extends Pick<TraceOptions, 'crossingGap' | 'ink' | 'stemLength'> {
  symbols: Box[];
  dots: Box[];
  unit: number;
  reach: PieceReach;
  lines: PieceLines;
}

/** An end of a piece found to go on into a symbol (across a pipe it is drawn broken for). */
interface EndInto {
  piece: Piece;
  end: 'start' | 'end';
  symbol: number;
}

/** Joins every pair of pieces of one kind (solid with solid, dashed with dashed) that the drawing joins. */
export function joinPieces(pieces: Piece[], context: JoinContext): void {
  for (let a = 0; a < pieces.length; a++) {
    for (let b = a + 1; b < pieces.length; b++) {
      // A signal line meets a pipe at a sensing point, not a symbol: the two networks stay apart.
      if (pieces[a].dashed !== pieces[b].dashed) continue;
      const join =
        pieces[a].orientation === pieces[b].orientation
          ? parallelJoin(pieces[a], pieces[b], context)
          : squareJoin(pieces[a], pieces[b], context);
      if (!join) continue;
      pieces[a].neighbours.push({ piece: b, ...join });
      pieces[b].neighbours.push({ piece: a, ...join });
    }
  }
}

/** Where two pieces of one orientation join: a line broken by a gap (or a junction dot) goes on, or jogs aside. */
function parallelJoin(first: Piece, second: Piece, context: JoinContext): { point: [number, number]; overlap?: boolean } | undefined {
  const jog = first.dashed ? signalJog(first, second, context) : undefined;
  if (jog) return { point: jog };
  // A line broken by a gap (or by a junction dot) continues, and one found in overlapping pieces.
  if (Math.abs(first.center - second.center) > context.unit) return undefined;
  const gap = Math.max(first.start, second.start) - Math.min(first.end, second.end);
  const along = (Math.max(first.start, second.start) + Math.min(first.end, second.end)) / 2;
  if (gap > context.reach.of(first) && !gapCrossing(first, second, along, gap, context) && !scanBreak(first, second, context))
    return undefined;
  const point = pointOf(first, along);
  // Symbols stop the walk: a pipe continues beyond an inline symbol as another connection.
  if (context.symbols.some((box) => containsPoint(box, point[0], point[1]))) return undefined;
  return { point, overlap: gap < 0 };
}

/**
 * Where a horizontal and a vertical piece join: at a bend or a T junction, or at a crossing with a dot. A piece
 * found to go on into a symbol across the other (a gap crossing, a stem) is given that symbol and joins nothing.
 */
function squareJoin(first: Piece, second: Piece, context: JoinContext): { point: [number, number] } | undefined {
  const { reach } = context;
  const [h, v] = first.orientation === 'horizontal' ? [first, second] : [second, first];
  const near = within(h, v.center, reach.of(h)) && within(v, h.center, reach.of(v));
  if (!near && !(within(h, v.center, reach.crossing(h)) && within(v, h.center, reach.crossing(v)))) return undefined;
  const point: [number, number] = [v.center, h.center];
  const dotted = context.dots.some((dot) => containsPoint(dot, point[0], point[1], context.unit));
  const across = dotted
    ? undefined
    : (symbolAcross(v, h, context) ?? symbolAcross(h, v, context) ?? stemAcross(v, h, context) ?? stemAcross(h, v, context));
  if (across) {
    if (across.end === 'start') across.piece.atStart = across.symbol;
    else across.piece.atEnd = across.symbol;
    return undefined;
  }
  if (!near) return undefined;
  if (!dotted && (crosses(v, h, context) || crosses(h, v, context))) return undefined;
  const joined = nearEnd(h, v.center, context) || nearEnd(v, h.center, context) || dotted;
  return joined ? { point } : undefined;
}

const within = (piece: Piece, along: number, reach: number) => along >= piece.start - reach && along <= piece.end + reach;

/** A pipe's end that reaches a symbol ends there: a line passing close by is not joined to it. */
function nearEnd(piece: Piece, along: number, { reach, lines }: JoinContext): boolean {
  return (
    ((Math.abs(along - piece.start) <= reach.of(piece) && piece.atStart < 0) ||
      (Math.abs(along - piece.end) <= reach.of(piece) && piece.atEnd < 0)) &&
    !lines.runsOn(piece, along)
  );
}

/**
 * A signal line's short jog aside is too short for the dash finder: two parallel dashed runs a little apart, one
 * ending where the other begins, are one line (where neither end reaches a symbol).
 */
function signalJog(first: Piece, second: Piece, { unit, reach }: JoinContext): [number, number] | undefined {
  const reachOf = reach.of(first);
  const offset = Math.abs(first.center - second.center);
  if (offset <= unit || offset > 2 * reachOf) return undefined;
  for (const [a, b] of [
    [first, second],
    [second, first],
  ]) {
    if (a.atEnd >= 0 || b.atStart >= 0 || Math.abs(a.end - b.start) > reachOf) continue;
    const [x0, y0] = pointOf(a, a.end);
    const [x1, y1] = pointOf(b, b.start);
    return [(x0 + x1) / 2, (y0 + y1) / 2];
  }
  return undefined;
}

/**
 * A line drawn broken where it crosses a pipe (a gap crossing): two pieces of it stop either side of a pipe that runs
 * on past both, a gap wider than a stroke's reach (it is drawn to the sheet's scale, not the pen's).
 */
function gapCrossing(first: Piece, second: Piece, middle: number, gap: number, context: JoinContext): boolean {
  const { unit, reach } = context;
  if (context.crossingGap === undefined || first.dashed || gap > 2 * reach.crossing(first)) return false;
  const reachOf = reach.of(first);
  const center = (first.center + second.center) / 2;
  const across = squareTo(first.orientation);
  // The crossed pipe anywhere in the gap: a short signal line found as solid dashes may touch it on one side.
  const [lo, hi] = [middle - gap / 2 - unit - 1, middle + gap / 2 + unit + 1];
  return context.lines
    .between(across, lo, hi)
    .some(
      (crossed) =>
        !crossed.dashed &&
        crossed.center >= lo &&
        crossed.center <= hi &&
        crossed.start < center - reachOf &&
        crossed.end > center + reachOf,
    );
}

/**
 * A solid line a scan broke wider than a stroke's reach (specks of paper run together on a worn hairline): two pieces
 * on one line, up to two reaches apart, their facing ends free (no symbol, dot or other line there) and only paper
 * between them on the page. Where a symbol or text stands in the gap there is ink; where a line crosses, a gap crossing.
 */
function scanBreak(first: Piece, second: Piece, context: JoinContext): boolean {
  const { ink, reach, dots, lines } = context;
  if (!ink || first.dashed) return false;
  const [before, after] = first.start <= second.start ? [first, second] : [second, first];
  const reachOf = reach.of(first);
  if (after.start - before.end > 2 * reachOf || before.atEnd >= 0 || after.atStart >= 0) return false;
  const center = Math.round((before.center + after.center) / 2);
  const across = squareTo(first.orientation);
  const free = (along: number) => {
    const [x, y] = pointOf(before, along);
    if (dots.some((dot) => containsPoint(dot, x, y, reachOf))) return false;
    return !lines
      .between(across, along - reachOf, along + reachOf)
      .some((other) => other.start - reachOf <= center && other.end + reachOf >= center);
  };
  if (!free(before.end) || !free(after.start)) return false;
  const half = Math.ceil(Math.max(before.halfWidth, after.halfWidth)) + 1;
  for (let along = before.end + 1; along < after.start; along++)
    for (let off = -half; off <= half; off++) if (inkOn(ink, before, false, before.center + off, along)) return false;
  return true;
}

/**
 * A gap crossing drawn with a symbol right beyond it: a piece stopping short of a pipe that runs on past it (a clear
 * gap, no dot) with a symbol as far beyond the pipe goes on into that symbol, not into the pipe.
 */
function symbolAcross(piece: Piece, crossed: Piece, { reach, symbols }: JoinContext): EndInto | undefined {
  const reachOf = reach.of(piece);
  if (crossed.start > piece.center - reachOf || crossed.end < piece.center + reachOf) return undefined;
  for (const end of ['start', 'end'] as const) {
    const side = end === 'start' ? 1 : -1;
    const offset = side * (piece[end] - crossed.center);
    if ((end === 'start' ? piece.atStart : piece.atEnd) >= 0 || offset <= crossed.halfWidth + 1 || offset > reach.crossing(piece)) continue;
    const [x, y] = pointOf(piece, crossed.center - side * offset);
    const symbol = symbols.findIndex((box) => containsPoint(box, x, y, reachOf));
    if (symbol >= 0) return { piece, end, symbol };
  }
  return undefined;
}

/** A line stopping on a pipe, a symbol's stem going on straight from the pipe's other side (rasters). */
function stemAcross(piece: Piece, crossed: Piece, { reach, symbols, ink, stemLength }: JoinContext): EndInto | undefined {
  if (!ink) return undefined;
  const found = stemBeyond(piece, crossed, symbols, ink, { gap: reach.crossing(piece), stem: stemLength ?? 0 });
  return found ? { piece, ...found } : undefined;
}

/**
 * A line stopping at a pipe that runs on past it, and going on straight from the pipe's other side, crosses it (drawn
 * broken at the crossing), unless a dot marks a junction. A solid line may go on as far off as a gap crossing's whole
 * gap: a signal line's dashes found solid may touch the pipe on one side only.
 */
function crosses(piece: Piece, crossed: Piece, { reach, lines, crossingGap }: JoinContext): boolean {
  const reachOf = reach.of(piece);
  if (crossed.start > piece.center - reachOf || crossed.end < piece.center + reachOf) return false;
  const [before, after] = [Math.abs(piece.end - crossed.center) <= reachOf, Math.abs(piece.start - crossed.center) <= reachOf];
  if (before === after) return false;
  const far = piece.dashed || crossingGap === undefined ? reachOf : 2 * reach.crossing(piece);
  return lines
    .alongside(piece)
    .some((other) =>
      before
        ? Math.abs(other.start - crossed.center) <= far && other.end > crossed.center + reachOf
        : Math.abs(other.end - crossed.center) <= far && other.start < crossed.center - reachOf,
    );
}
