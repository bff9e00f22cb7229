/**
 * The page's ink read more than once, as drawn, mirrored and turned (the detector learned all eight ways), and the
 * passes' detections fused: a symbol's score is its mean over the passes (a pass that missed it adds nothing), so
 * what one pass alone saw counts less and what all saw counts more.
 */
import { detectionIou, type Detection } from './decode';

/** Ink resampled to the detector's scale, one value a pixel, row by row. */
export interface InkGrid {
  ink: Float32Array;
  width: number;
  height: number;
}

/** One way of reading the ink, and how to bring a box found in it back onto the ink as drawn. */
export interface InkView extends InkGrid {
  back<T extends Detection>(d: T): T;
}

export const VIEW_COUNTS = [1, 2, 4] as const;
export type ViewCount = (typeof VIEW_COUNTS)[number];

export function mirroredView({ ink, width, height }: InkGrid): InkView {
  const out = new Float32Array(ink.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = ink[row + width - 1 - x];
  }
  return { ink: out, width, height, back: (d) => ({ ...d, x0: width - d.x1, x1: width - d.x0 }) };
}

/** Turned a quarter clockwise: ink (x, y) is at (height - 1 - y, x) in the view. */
export function turnedView({ ink, width, height }: InkGrid): InkView {
  const out = new Float32Array(ink.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) out[x * height + (height - 1 - y)] = ink[row + x];
  }
  return { ink: out, width: height, height: width, back: (d) => ({ ...d, x0: d.y0, x1: d.y1, y0: height - d.x1, y1: height - d.x0 }) };
}

/** The views read: as drawn; mirrored; then turned, and turned and mirrored. */
export function inkViews(grid: InkGrid, count: ViewCount): InkView[] {
  const views: InkView[] = [{ ...grid, back: (d) => d }];
  if (count >= 2) views.push(mirroredView(grid));
  if (count === 4) {
    const turned = turnedView(grid);
    const both = mirroredView(turned);
    views.push(turned, { ...both, back: (d) => turned.back(both.back(d)) });
  }
  return views;
}

/**
 * One detection per symbol seen in any pass: the passes' detections grouped greedily, surest first, with every
 * detection overlapping the group's first at `iou` or more; each pass gives its best member. The group's score is
 * the mean of the passes' best scores, its box their score-weighted mean, its class the surest member's.
 */
export function fusedPasses<T extends Detection>(passes: T[][], iou: number, minScore: number): T[] {
  const all = passes.flatMap((detections, pass) => detections.map((d) => ({ d, pass })));
  all.sort((a, b) => b.d.score - a.d.score);
  const taken = new Set<number>();
  const fused: T[] = [];
  for (let i = 0; i < all.length; i++) {
    if (taken.has(i)) continue;
    const best = new Map<number, T>([[all[i].pass, all[i].d]]);
    taken.add(i);
    for (let j = i + 1; j < all.length; j++) {
      if (taken.has(j) || detectionIou(all[i].d, all[j].d) < iou) continue;
      taken.add(j);
      if (!best.has(all[j].pass)) best.set(all[j].pass, all[j].d);
    }
    const members = [...best.values()];
    const total = members.reduce((sum, d) => sum + d.score, 0);
    const score = total / passes.length;
    if (score < minScore) continue;
    const mean = (key: 'x0' | 'y0' | 'x1' | 'y1') => members.reduce((sum, d) => sum + d[key] * d.score, 0) / total;
    fused.push({ ...all[i].d, x0: mean('x0'), y0: mean('y0'), x1: mean('x1'), y1: mean('y1'), score });
  }
  return fused;
}
