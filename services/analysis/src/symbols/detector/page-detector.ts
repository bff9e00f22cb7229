/**
 * Symbol detection over a whole page: the page resampled to the detector's scale (`page-scale.ts`), read in overlapping tiles, each
 * tile keeping the detections centred in its own share (halfway into each overlap), then one suppression; read in
 * one view or several, at one scale or several, fused (`turned-passes.ts`).
 */
import { decodeTile, suppress, type Detection } from './decode';
import type { DetectorManifest } from './detector-files';
import { resampledInk } from './page-scale';
import { fusedPasses, inkViews, type InkGrid, type ViewCount } from './turned-passes';
import type { DetectorNet } from './tfjs-detector-net';

export interface GrayPage {
  /** Dark ink on light paper, one byte a pixel. */
  gray: Uint8Array;
  width: number;
  height: number;
}

export interface PageDetection extends Detection {
  className: string;
}

/**
 * A page read in one or more views and scales: the passes' detections fused, the first pass's (the page as drawn, at
 * its scale) alone, and the fused ones from half the threshold up to it (`unsure`; none where the page is read once).
 */
export interface PageReading<T> {
  fused: T[];
  asDrawn: T[];
  unsure: T[];
}

/** How a page is read: its views (`turned-passes.ts`), each at every scale, a factor of the page's own scale. */
export interface ReadingPlan {
  views: ViewCount;
  scales: readonly number[];
}

export const READ_ONCE: ReadingPlan = { views: 1, scales: [1] };

/**
 * Passes' detections overlapping this much are one symbol: the views and scales box a symbol a few pixels apart, and
 * at 0.5 (the suppression's within a pass) its passes split into two groups, each scored low. On the detector's own
 * fused boxes, held-out corpus, three scales: F1 0.941 at 0.5, 0.944 at 0.45, 0.946 at 0.4, 0.948 at 0.25 to 0.35.
 * In the product (hybrid, paired against 0.5): held-out corpus symbol F1 0.939 -> 0.943, connection F1 0.838 -> 0.846;
 * `synthetic_reference` 175 / 187 -> 175 / 191 right / found; `kr_refinery` and DEXPI unchanged.
 */
export const FUSION_IOU = 0.3;

export function tileOrigins(length: number, tile: number, overlap: number): number[] {
  if (length <= tile) return [0];
  const origins: number[] = [];
  for (let at = 0; at + tile < length; at += tile - overlap) origins.push(at);
  origins.push(length - tile);
  return origins;
}

/** Where tile `i` of `origins` keeps centres: from halfway into the overlap before to halfway into the one after. */
function share(origins: number[], i: number, tile: number): [number, number] {
  const at = origins[i];
  const lo = i === 0 ? 0 : (origins[i - 1] + tile - at) / 2;
  const hi = i === origins.length - 1 ? tile : (at + tile - origins[i + 1]) / 2 + (origins[i + 1] - at);
  return [lo, hi];
}

export async function detectSymbols(
  net: DetectorNet,
  manifest: DetectorManifest,
  page: GrayPage,
  options: { scale?: number; minScore?: number; plan?: ReadingPlan; onTile?: () => void } = {},
): Promise<PageReading<PageDetection>> {
  const { views, scales } = options.plan ?? READ_ONCE;
  const minScore = options.minScore ?? manifest.threshold;
  const once = views === 1 && scales.length === 1;
  // A symbol one pass sees at half the threshold still counts towards its mean over the passes.
  const passMinScore = once ? minScore : minScore / 2;
  const passes: Detection[][] = [];
  for (const factor of scales) {
    const grid = resampledInk(page, (options.scale ?? manifest.pageScale) * factor);
    // Detector pixels back to page pixels, per axis (the resampled size is rounded).
    const [fx, fy] = [page.width / grid.width, page.height / grid.height];
    for (const view of inkViews(grid, views)) {
      const found = suppress(await detectTiles(net, manifest, view, passMinScore, options.onTile), manifest.nmsIou);
      passes.push(
        found.map((d) => {
          const back = view.back(d);
          return { ...back, x0: back.x0 * fx, y0: back.y0 * fy, x1: back.x1 * fx, y1: back.y1 * fy };
        }),
      );
    }
  }
  const named = (found: Detection[]) => found.map((d) => ({ ...d, className: manifest.classes[d.classIndex] }));
  if (once) return { fused: named(passes[0]), asDrawn: named(passes[0]), unsure: [] };
  // The first pass kept what scored half the threshold: from the threshold on, it is the page read once.
  const fused = fusedPasses(passes, FUSION_IOU, minScore / 2);
  return {
    fused: named(fused.filter((d) => d.score >= minScore)),
    asDrawn: named(passes[0].filter((d) => d.score >= minScore)),
    unsure: named(fused.filter((d) => d.score < minScore)),
  };
}

/** Every tile of the ink read, each keeping the detections centred in its own share, in the grid's pixels. */
async function detectTiles(
  net: DetectorNet,
  manifest: DetectorManifest,
  { ink, width, height }: InkGrid,
  minScore: number,
  onTile?: () => void,
): Promise<Detection[]> {
  const { tile, overlap, stride, classes } = manifest;
  const xs = tileOrigins(width, tile, overlap);
  const ys = tileOrigins(height, tile, overlap);
  const input = new Float32Array(tile * tile);
  const found: Detection[] = [];
  for (const [j, y] of ys.entries()) {
    for (const [i, x] of xs.entries()) {
      input.fill(0);
      for (let row = 0; row < Math.min(tile, height - y); row++) {
        const from = (y + row) * width + x;
        input.set(ink.subarray(from, from + Math.min(tile, width - x)), row * tile);
      }
      const out = await net.run(input, tile, tile);
      const [loX, hiX] = share(xs, i, tile);
      const [loY, hiY] = share(ys, j, tile);
      for (const d of decodeTile(out.heat, out.regression, classes.length, out.rows, out.cols, stride, minScore)) {
        const [cx, cy] = [(d.x0 + d.x1) / 2, (d.y0 + d.y1) / 2];
        if (cx < loX || cx >= hiX || cy < loY || cy >= hiY) continue;
        found.push({ ...d, x0: d.x0 + x, y0: d.y0 + y, x1: d.x1 + x, y1: d.y1 + y });
      }
      onTile?.();
    }
  }
  return found;
}
