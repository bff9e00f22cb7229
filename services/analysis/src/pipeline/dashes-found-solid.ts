import type { Piece } from './piece-ends';

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
