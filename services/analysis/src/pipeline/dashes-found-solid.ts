import type { Piece } from './piece-ends';
import type { PieceLines } from './piece-lines';

/** The longest stroke taken for a dash, in stroke widths: a dash-dot line's long dash, its gap and dot blurred into one. */
const LONGEST_DASH = 15;

/**
 * A signal line's dash found also as a solid stroke (the dash finder's and the line-ink model's pieces of one line)
 * would join the process line the signal crosses, and connect its bubble to that pipe. A solid piece no longer than a
 * dash, lying along a longer dashed piece that covers it end to end, both ending at the same symbol, is marked dashed:
 * where the dashed piece runs from symbol to symbol. (A dashed piece ending in the open may be a process line the
 * line-ink model misread; the solid piece is trusted there.)
 */
export function markDashesFoundSolid(pieces: Piece[], reachOf: (piece: Piece) => number, unit: number): void {
  const signalLines = pieces.filter((piece) => piece.dashed && piece.atStart >= 0 && piece.atEnd >= 0);
  for (const piece of pieces) {
    if (piece.dashed || piece.end - piece.start > LONGEST_DASH * unit) continue;
    const reach = reachOf(piece);
    piece.dashed = signalLines.some(
      (line) =>
        line.orientation === piece.orientation &&
        Math.abs(line.center - piece.center) <= unit &&
        line.end - line.start > piece.end - piece.start &&
        line.start <= piece.start + reach &&
        line.end >= piece.end - reach &&
        ((piece.atStart >= 0 && piece.atStart === line.atStart) || (piece.atEnd >= 0 && piece.atEnd === line.atEnd)),
    );
  }
}

/**
 * Whether a dashed piece lies along a solid piece longer than any dash that covers it end to end: a process line's
 * stroke also read as dashes (a scan's specks along a hairline). Its ends are the line's, which the tracer joins or
 * leaves; they dangle for no symbol.
 */
export function alongSolid(piece: Piece, lines: PieceLines, reachOf: (piece: Piece) => number, unit: number): boolean {
  if (!piece.dashed) return false;
  return lines
    .between(piece.orientation, piece.center - unit, piece.center + unit)
    .some(
      (line) =>
        !line.dashed &&
        line.end - line.start > LONGEST_DASH * unit &&
        line.start <= piece.start + reachOf(line) &&
        line.end >= piece.end - reachOf(line),
    );
}
