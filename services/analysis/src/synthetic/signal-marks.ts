/**
 * Instrument signal lines drawn as ISA 5.1 draws the kinds that are not electric: a thin solid line with a mark
 * every few steps. Pneumatic signals carry two slanted ticks (`-//-`), capillary tubes a cross (`-x-`), software
 * and data links a small ring the line stops at (`-o-`). A reader must take the marks for part of the line, not
 * for symbols, and the line for a signal line though it is not dashed.
 */
import type { DraftingStyle } from './drafting-styles';
import type { Point } from './geometry';
import { labelDraw } from './prng';
import type { Piece } from './sheet-builder';

export const SIGNAL_MARKS = ['pneumatic', 'capillary', 'data-link'] as const;
export type SignalMark = (typeof SIGNAL_MARKS)[number];

/** A style's marked signal lines: their kind, and the share of signal pieces drawn so (the rest dashed). */
export interface SignalMarking {
  kind: SignalMark;
  share: number;
}

/** Marks stand this many routing steps apart along a straight run, and keep at least a step from its ends. */
const SPACING = 3;
const END_CLEARANCE = 1.2;

/**
 * The marks a piece is drawn with, or undefined when it is drawn plain (a process line, a dashed signal line): a
 * fixed draw per piece and sheet, so that the drawing and the truth agree.
 */
export function pieceMarks(style: Pick<DraftingStyle, 'name' | 'signalMarks'>, piece: Pick<Piece, 'id' | 'style'>): SignalMark | undefined {
  const marking = style.signalMarks;
  if (piece.style !== 'dashed' || !marking) return undefined;
  return labelDraw(`${style.name}/${piece.id}`) < marking.share ? marking.kind : undefined;
}

/** A marked line's strokes: the line (broken where a ring stands), open marks, and rings (closed outlines). */
export interface MarkedLine {
  lines: Point[][];
  marks: Point[][];
  rings: Point[][];
}

/** Places marks along the straight runs of a stroke (`unit` is the routing step, which sets their size and spacing). */
export function markedLine(stroke: readonly Point[], kind: SignalMark, unit: number): MarkedLine {
  const result: MarkedLine = { lines: [], marks: [], rings: [] };
  const ringRadius = unit * 0.22;
  let current: Point[] = [stroke[0]];
  for (let i = 1; i < stroke.length; i++) {
    const [a, b] = [stroke[i - 1], stroke[i]];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const along: Point = length > 0 ? [(b[0] - a[0]) / length, (b[1] - a[1]) / length] : [1, 0];
    const across: Point = [-along[1], along[0]];
    const at = (t: number, u = 0, v = 0): Point => [a[0] + along[0] * (t + u) + across[0] * v, a[1] + along[1] * (t + u) + across[1] * v];
    for (const t of markPositions(length, unit)) {
      if (kind === 'pneumatic') {
        for (const shift of [-0.17, 0.17])
          result.marks.push([at(t, (shift - 0.14) * unit, 0.38 * unit), at(t, (shift + 0.14) * unit, -0.38 * unit)]);
      } else if (kind === 'capillary') {
        result.marks.push([at(t, -0.28 * unit, -0.28 * unit), at(t, 0.28 * unit, 0.28 * unit)]);
        result.marks.push([at(t, -0.28 * unit, 0.28 * unit), at(t, 0.28 * unit, -0.28 * unit)]);
      } else {
        current.push(at(t, -ringRadius));
        result.lines.push(current);
        current = [at(t, ringRadius)];
        result.rings.push(ringPoints(at(t), ringRadius));
      }
    }
    current.push(b);
  }
  result.lines.push(current);
  return result;
}

/** Where marks stand on a straight run of `length`: evenly, centred, clear of its ends; none on a short run. */
function markPositions(length: number, unit: number): number[] {
  const room = length - 2 * END_CLEARANCE * unit;
  if (room < 0) return [];
  const count = Math.floor(room / (SPACING * unit)) + 1;
  const first = (length - (count - 1) * SPACING * unit) / 2;
  return Array.from({ length: count }, (_, k) => first + k * SPACING * unit);
}

function ringPoints([cx, cy]: Point, r: number): Point[] {
  return Array.from({ length: 16 }, (_, i) => [cx + r * Math.cos((i * Math.PI) / 8), cy + r * Math.sin((i * Math.PI) / 8)] as Point);
}
