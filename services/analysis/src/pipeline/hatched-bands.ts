import type { Box, InkImage } from './components';
import { indexAlong, segmentCenter, type Segment } from './lines';

/**
 * Hatched bands: two parallel lines with evenly spaced diagonal strokes between them, the length of the band (a
 * pipe's insulation, a wall, the ground, a platform's edge). No symbol: read window by window, the hatching looks
 * like a row of exchangers or blind flanges. `hatching` is the ink left after line removal (the strokes alone).
 */
export function findHatchedBands(lines: Segment[], hatching: InkImage, unit: number): Box[] {
  const bands: Box[] = [];
  for (const orientation of ['horizontal', 'vertical'] as const) {
    const parallel = lines
      .filter((line) => !line.dashed && line.orientation === orientation)
      .sort((a, b) => segmentCenter(a) - segmentCenter(b));
    for (const [i, a] of parallel.entries()) {
      for (let j = i + 1; j < parallel.length; j++) {
        const b = parallel[j];
        const gap = segmentCenter(b) - segmentCenter(a);
        if (gap > 24 * unit) break;
        const [from, to] = [Math.max(a.start, b.start), Math.min(a.end, b.end)];
        if (gap < 3 * unit || to - from < 2 * gap) continue;
        if (hatchedBetween(hatching, orientation === 'horizontal', [segmentCenter(a), segmentCenter(b)], [from, to], unit)) {
          bands.push(orientation === 'horizontal' ? { x0: from, x1: to, y0: a.lo, y1: b.hi } : { x0: a.lo, x1: b.hi, y0: from, y1: to });
        }
        // The nearest line beyond `a` that could be its band's other side (far enough, along long enough) is, hatched
        // or not: no band is looked for past it.
        break;
      }
    }
  }
  return bands;
}

/**
 * Whether strokes cross the band between `sides` (across) from `from` to `to` (along): at least three, thin,
 * evenly spaced and spread along most of it, each slanting the same way (where it crosses a little nearer one
 * side is shifted along from where it crosses a little nearer the other).
 */
function hatchedBetween(
  ink: InkImage,
  horizontal: boolean,
  [lo, hi]: [number, number],
  [from, to]: [number, number],
  unit: number,
): boolean {
  const gap = hi - lo;
  const crossings = (share: number) => runsAlong(ink, horizontal, Math.round(lo + share * gap), from, to, 3 * unit + 1);
  // A third of the way in from either side: a pipe may run through the middle (the band is its insulation),
  // cutting each stroke in two there.
  const [at, middle] = [0.3, 0.7].map((share) => [share, crossings(share)] as const).reduce((a, b) => (b[1].length > a[1].length ? b : a));
  if (middle.length < 3 || middle.at(-1)! - middle[0] < 0.6 * (to - from)) return false;
  const spacing = middle.slice(1).map((x, k) => x - middle[k]);
  const typical = [...spacing].sort((x, y) => x - y)[Math.floor(spacing.length / 2)];
  if (typical < 0.3 * gap || typical > 3 * gap || spacing.some((s) => s < 0.5 * typical || s > 1.5 * typical)) return false;
  // Each stroke a little nearer either side: a stroke leaning 15° or more crosses them apart.
  const [near, far] = [crossings(at - 0.08), crossings(at + 0.08)];
  const shifts = middle.flatMap((x) => {
    const [p, q] = [nearest(near, x), nearest(far, x)];
    return p === undefined || q === undefined || Math.abs(p - x) > typical / 2 || Math.abs(q - x) > typical / 2 ? [] : [q - p];
  });
  if (shifts.length < 0.7 * middle.length) return false;
  const slant = Math.sign(shifts.reduce((sum, s) => sum + s, 0));
  return slant !== 0 && shifts.every((s) => Math.sign(s) === slant && Math.abs(s) >= 0.04 * gap);
}

/** The centres of the runs of ink along one row (or column) from `from` to `to`, each at most `widest` long. */
function runsAlong(ink: InkImage, horizontal: boolean, across: number, from: number, to: number, widest: number): number[] {
  const index = indexAlong(ink.width, horizontal);
  const centres: number[] = [];
  let start = -1;
  for (let along = from; along <= to + 1; along++) {
    const inked = along <= to && ink.mask[index(along, across)] === 1;
    if (inked && start < 0) start = along;
    if (!inked && start >= 0) {
      if (along - start <= widest) centres.push((start + along - 1) / 2);
      start = -1;
    }
  }
  return centres;
}

function nearest(values: number[], to: number): number | undefined {
  let best: number | undefined;
  for (const value of values) if (best === undefined || Math.abs(value - to) < Math.abs(best - to)) best = value;
  return best;
}
