import type { Piece } from './piece-ends';

/** How far a piece's end reaches what it meets, and how far it may stand off a pipe it is drawn broken to cross. */
export interface PieceReach {
  of: (piece: Piece) => number;
  crossing: (piece: Piece) => number;
}

/**
 * The least reach of a solid line's end, in pixels: a scan's speck of paper breaks a line for a few pixels whatever
 * its stroke (up to 7 px, and a pixel of blur each side), where the stroke-based reach of a hairline is 5 to 7 px.
 */
export const MIN_SOLID_REACH = 9;

/**
 * A page's reaches for its stroke `unit`: a dashed line's found ends stop short by up to a dash and a gap (its first
 * dash may touch the bubble, joined to it; at a bend the dashes of the two runs fall where the pattern puts them); a
 * solid hairline's reach is no shorter than a speck of paper across it. A gap crossing's break is drawn to the
 * sheet's scale (`crossingGap`), not the pen's: a solid line may stand that far off the crossed pipe.
 */
export function pieceReach(unit: number, crossingGap?: number): PieceReach {
  const tolerance = 2 * unit + 3;
  const of = (piece: Piece) => (piece.dashed ? 2 * tolerance : solidReach(unit));
  return { of, crossing: (piece) => Math.max(of(piece), piece.dashed ? 0 : (crossingGap ?? 0)) };
}

/** How far a solid line's end reaches what it meets, for the page's stroke `unit`. */
export const solidReach = (unit: number) => Math.max(2 * unit + 3, MIN_SOLID_REACH);

/** A page's pieces by orientation and the row or column of their centre: where a line goes on. */
export class PieceLines {
  private readonly byLine = new Map<string, Piece[]>();

  constructor(
    pieces: readonly Piece[],
    private readonly unit: number,
    private readonly reachOf: (piece: Piece) => number,
  ) {
    for (const piece of pieces) {
      const key = `${piece.orientation}:${Math.round(piece.center)}`;
      if (!this.byLine.has(key)) this.byLine.set(key, []);
      this.byLine.get(key)!.push(piece);
    }
  }

  /** The pieces of one orientation whose centre rounds to a row (or column) from `lo` to `hi`. */
  between(orientation: Piece['orientation'], lo: number, hi: number): Piece[] {
    const found: Piece[] = [];
    for (let c = Math.floor(lo); c <= Math.ceil(hi); c++) found.push(...(this.byLine.get(`${orientation}:${c}`) ?? []));
    return found;
  }

  /**
   * The other pieces on a piece's line (centres two strokes apart at most, solid with solid, dashed with dashed): a
   * dashed line drawn a little askew is found in pieces whose centres stand that far apart.
   */
  alongside(piece: Piece): Piece[] {
    const center = Math.round(piece.center);
    return this.between(piece.orientation, center - 2 * this.unit, center + 2 * this.unit).filter(
      (other) => other !== piece && other.dashed === piece.dashed,
    );
  }

  /**
   * Whether the line runs on past `along` in a piece beside this one: a line drawn a little askew (a scan's leftover
   * skew) is found in pieces side by side that overlap, and where one stops the line runs on in the other.
   */
  runsOn(piece: Piece, along: number): boolean {
    const reach = this.reachOf(piece);
    return this.alongside(piece).some((other) => other.start < along - reach && other.end > along + reach);
  }
}
