/**
 * Symbol detection over a whole page: the page reduced to the detector's scale, read in overlapping tiles, each
 * tile keeping the detections centred in its own share (halfway into each overlap), then one suppression.
 */
import { decodeTile, suppress, type Detection } from './decode';
import type { DetectorManifest } from './detector-files';
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

/** Ink (0..1, ink high) of the page reduced by a whole factor, each pixel the mean of its block. */
export function reducedInk(page: GrayPage, factor: number): { ink: Float32Array; width: number; height: number } {
  const width = Math.ceil(page.width / factor);
  const height = Math.ceil(page.height / factor);
  const ink = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y1 = Math.min(page.height, (y + 1) * factor);
    for (let x = 0; x < width; x++) {
      const x1 = Math.min(page.width, (x + 1) * factor);
      let sum = 0;
      let count = 0;
      for (let sy = y * factor; sy < y1; sy++) {
        for (let sx = x * factor; sx < x1; sx++) sum += page.gray[sy * page.width + sx];
        count += x1 - x * factor;
      }
      ink[y * width + x] = 1 - sum / count / 255;
    }
  }
  return { ink, width, height };
}

/** Tile origins along one side: every stride, the last flush with the edge. */
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
  options: { minScore?: number; onTile?: () => void } = {},
): Promise<PageDetection[]> {
  const factor = Math.round(1 / manifest.pageScale);
  const { ink, width, height } = reducedInk(page, factor);
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
      for (const d of decodeTile(
        out.heat,
        out.regression,
        classes.length,
        out.rows,
        out.cols,
        stride,
        options.minScore ?? manifest.threshold,
      )) {
        const [cx, cy] = [(d.x0 + d.x1) / 2, (d.y0 + d.y1) / 2];
        if (cx < loX || cx >= hiX || cy < loY || cy >= hiY) continue;
        found.push({ ...d, x0: (d.x0 + x) * factor, y0: (d.y0 + y) * factor, x1: (d.x1 + x) * factor, y1: (d.y1 + y) * factor });
      }
      options.onTile?.();
    }
  }
  return suppress(found, manifest.nmsIou).map((d) => ({ ...d, className: classes[d.classIndex] }));
}
