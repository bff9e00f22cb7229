import type { Point } from './geometry';
import { samePoint } from './geometry';
import type { Piece, SheetBuilder } from './sheet-builder';

/**
 * Cuts every run into the pieces drawn between symbols and junctions: an inline symbol ends one piece at its
 * inlet port and starts the next at its outlet port; a T junction ends one and starts the next at the same point.
 */
export function cutRunsIntoPieces(builder: SheetBuilder): Piece[] {
  const pieces: Piece[] = [];
  for (const run of builder.runs) {
    const point = (k: number) => builder.grid.point(run.nodes[k]);
    let current: Point[] = ['symbol' in run.from ? run.from.port.at : run.from.junction];
    let k = 0;
    const emit = () => {
      const polyline = simplify(current);
      if (polyline.length >= 2) pieces.push({ id: `L${String(pieces.length + 1).padStart(3, '0')}`, style: run.style, run, polyline });
    };
    for (const cut of [...run.cuts].sort((a, b) => a.at - b.at)) {
      if ('junction' in cut) {
        for (; k <= cut.at; k++) current.push(point(k));
        emit();
        current = [point(cut.at)];
      } else {
        for (; k <= cut.at - 1; k++) current.push(point(k));
        const before = point(cut.at - 1);
        const [inlet, outlet] = cut.symbol.ports
          .filter((port) => port.name === 'a' || port.name === 'b')
          .sort((p, q) => dist(p.at, before) - dist(q.at, before));
        current.push(inlet.at);
        emit();
        current = [outlet.at];
        k = cut.at + 1;
      }
    }
    for (; k < run.nodes.length; k++) current.push(point(k));
    current.push('symbol' in run.to ? run.to.port.at : run.to.junction);
    emit();
  }
  return pieces;
}

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Drops repeated points and the middle of straight stretches, keeping ends and bends. */
function simplify(points: Point[]): Point[] {
  const unique = points.filter((p, i) => i === 0 || !samePoint(p, points[i - 1], 1e-6));
  return unique.filter((p, i) => {
    if (i === 0 || i === unique.length - 1) return true;
    const a = unique[i - 1];
    const b = unique[i + 1];
    return Math.abs((p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0])) > 1e-6;
  });
}
