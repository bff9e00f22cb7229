import type { FlowArrow } from './annotations';
import type { Point } from './geometry';
import type { PdfCanvas } from './pdf-canvas';
import type { Piece, SheetBuilder } from './sheet-builder';
import { markedLine, pieceMarks, type MarkedLine } from './signal-marks';
import { drawSymbol } from './symbol-library';

/** Draws the laid-out sheet: lines (with the style's crossings and junction dots), arrows, symbols, text. */
export function renderSheet(builder: SheetBuilder, arrows: FlowArrow[]): void {
  const { canvas, style } = builder;
  for (const piece of builder.pieces) {
    const dashed = piece.style === 'dashed';
    const marks = pieceMarks(style, piece);
    if (marks) {
      for (const stroke of pieceStrokes(builder, piece)) drawMarkedLine(canvas, markedLine(stroke, marks, builder.unit), style.signalWidth);
      continue;
    }
    for (const stroke of pieceStrokes(builder, piece)) {
      canvas.path(stroke, {
        width: dashed ? style.signalWidth : style.processWidth,
        dash: dashed ? style.signalDash : undefined,
        layer: dashed ? 'signal' : undefined,
      });
    }
  }
  if (style.junctionDots) {
    for (const run of builder.runs) {
      for (const cut of run.cuts) {
        if (!('junction' in cut)) continue;
        const [x, y] = builder.grid.point(run.nodes[cut.at]);
        canvas.path(circlePoints(x, y, style.processWidth * 1.5), { width: 1, closed: true, fill: true });
      }
    }
  }
  for (const { tip, direction } of arrows) {
    const size = builder.unit * 0.8;
    const base: Point = [tip[0] - direction[0] * size, tip[1] - direction[1] * size];
    const across: Point = [-direction[1] * size * 0.35, direction[0] * size * 0.35];
    canvas.path([tip, [base[0] + across[0], base[1] + across[1]], [base[0] - across[0], base[1] - across[1]]], {
      width: 1,
      closed: true,
      fill: true,
    });
  }
  for (const symbol of builder.symbols) drawSymbol(canvas, symbol.variant, symbol.placement);
  for (const text of builder.texts) canvas.text(text.string, text.x, text.y, text.options);
}

function drawMarkedLine(canvas: PdfCanvas, line: MarkedLine, width: number): void {
  for (const stroke of [...line.lines, ...line.marks]) canvas.path(stroke, { width, layer: 'signal' });
  for (const ring of line.rings) canvas.path(ring, { width, layer: 'signal', closed: true });
}

/**
 * The strokes of one piece. Where it runs vertically across another line without joining it, the style decides:
 * a plain cross, a break in this line, or a hop (a half circle) over the other one.
 */
function pieceStrokes(builder: SheetBuilder, piece: Piece): Point[][] {
  const { style, unit } = builder;
  if (style.crossing === 'plain') return [piece.polyline];
  const radius = unit * 0.4;
  const strokes: Point[][] = [];
  let current: Point[] = [piece.polyline[0]];
  for (let i = 1; i < piece.polyline.length; i++) {
    const [ax, ay] = piece.polyline[i - 1];
    const [bx, by] = piece.polyline[i];
    if (ax === bx) {
      const sign = Math.sign(by - ay);
      for (const cy of crossingsOn(builder, piece, ax, ay, by)) {
        current.push([ax, cy - sign * radius]);
        if (style.crossing === 'gap') {
          strokes.push(current);
          current = [[ax, cy + sign * radius]];
        } else {
          for (let step = 1; step < 12; step++) {
            const angle = Math.PI / 2 - (step / 12) * Math.PI;
            current.push([ax + radius * Math.cos(angle), cy - sign * radius * Math.sin(angle)]);
          }
          current.push([ax, cy + sign * radius]);
        }
      }
    }
    current.push([bx, by]);
  }
  strokes.push(current);
  return strokes;
}

/** The y of each lattice node on a vertical segment where another line crosses this piece's run. */
function crossingsOn(builder: SheetBuilder, piece: Piece, x: number, y0: number, y1: number): number[] {
  const { grid, unit } = builder;
  const result: number[] = [];
  const [low, high] = [Math.min(y0, y1), Math.max(y0, y1)];
  for (let j = Math.ceil((low - grid.area[1]) / unit); grid.area[1] + j * unit < high; j++) {
    const y = grid.area[1] + j * unit;
    const node = y > low ? grid.nodeAt([x, y]) : undefined;
    if (node !== undefined && grid.isCrossing(node) && grid.runV[node] === piece.run.index) result.push(y);
  }
  return y1 > y0 ? result : result.reverse();
}

function circlePoints(cx: number, cy: number, r: number): Point[] {
  return Array.from({ length: 24 }, (_, i) => [cx + r * Math.cos((i * Math.PI) / 12), cy + r * Math.sin((i * Math.PI) / 12)] as Point);
}
