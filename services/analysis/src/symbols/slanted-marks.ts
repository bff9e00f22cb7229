/**
 * A signal line's slashes taken for a flange: ISA draws a pneumatic or electric signal as a line crossed every so
 * often by two short slanted strokes ("//"), which look like a flange's bar across a pipe. A flange's bar stands square
 * to its pipe; a slash leans, its ink higher on one side of the line than on the other.
 */
import { inkAt, type InkImage } from '../pipeline/components';
import type { DetectedSymbol } from '../pipeline/symbols';

/** How far a flange's ink may lean across its line (rise over run, either side of the line) and still be square. */
const MAX_LEAN = 0.3;

/** The symbols without the flanges whose ink leans: a signal line's slashes. */
export function withoutSlantedMarks(symbols: DetectedSymbol[], ink: InkImage, unit: number): DetectedSymbol[] {
  return symbols.filter((symbol) => symbol.description !== 'flange' || Math.abs(lean(symbol, ink, unit)) <= MAX_LEAN);
}

/**
 * How much a flange's ink leans across its line, as rise over run: the line runs along the box's short side through
 * its inkiest row or column; off it, each stroke's run of ink in one column moves on in the next by the lean (the
 * mean over the strokes, so that two slashes side by side read as one). 0 where too little ink lies off the line.
 */
export function lean(box: DetectedSymbol, ink: InkImage, unit: number): number {
  const acrossX = box.x1 - box.x0 >= box.y1 - box.y0; // the bar runs along x: the line runs along y
  const at = (u: number, v: number) => {
    const [x, y] = acrossX ? [u, v] : [v, u];
    return inkAt(ink, x, y);
  };
  // u: along the bar, v: along the line.
  const [u0, u1, v0, v1] = acrossX ? [box.x0, box.x1, box.y0, box.y1] : [box.y0, box.y1, box.x0, box.x1];
  const runs: Array<Array<[number, number]>> = [];
  for (let u = u0; u <= u1; u++) {
    const column: Array<[number, number]> = [];
    for (let v = v0; v <= v1; v++) {
      if (!at(u, v)) continue;
      if (column.length > 0 && column[column.length - 1][1] === v - 1) column[column.length - 1][1] = v;
      else column.push([v, v]);
    }
    runs.push(column);
  }
  const inkiest = runs.reduce((best, column, i) => (total(column) > total(runs[best]) ? i : best), 0);
  const shifts: number[] = [];
  for (let i = 0; i + 1 < runs.length; i++) {
    if (Math.abs(i - inkiest) <= unit || Math.abs(i + 1 - inkiest) <= unit) continue;
    for (const [a, b] of runs[i]) {
      // The same stroke goes on: a run as long, touching this one (not the line's edge merged with the bars).
      const next = runs[i + 1].find(([c, d]) => c <= b + 1 && d >= a - 1 && Math.abs(d - c - (b - a)) <= 2);
      if (next) shifts.push((next[0] + next[1] - a - b) / 2);
    }
  }
  return shifts.length < 2 ? 0 : shifts.reduce((sum, shift) => sum + shift, 0) / shifts.length;
}

const total = (column: Array<[number, number]>) => column.reduce((sum, [a, b]) => sum + b - a + 1, 0);
