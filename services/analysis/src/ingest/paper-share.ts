/**
 * Whether a page is a drawing at all: a drawing is mostly paper, each pixel close to the lightest tone around it
 * (its local paper, so that uneven lighting and a tinted sheet still count), with ink in thin strokes; a photo is
 * shades and grain everywhere. The pipeline would spend minutes on a photo's millions of specks.
 */
import type { PageImage } from './page-image';

/** Pixels sampled, at most (every k-th pixel of every k-th row). */
const SAMPLES = 1_000_000;
/** The local paper: the lightest sample within this many samples each way. */
const NEIGHBOURHOOD = 7;
/** A sample this close to its local paper (grey levels) is paper. */
const PAPER_TOLERANCE = 40;
/** A drawing's share of paper is at least this: generated scans with grain, bleed and stains stay above 0.65 (a
 * blueprint the lowest), a grainy photo is near 0.3. */
export const MIN_PAPER_SHARE = 0.5;

/** The share of the page's (sampled) pixels that are close to their local paper tone. */
export function paperShare(page: Pick<PageImage, 'gray' | 'width' | 'height'>): number {
  const step = Math.max(1, Math.ceil(Math.sqrt((page.width * page.height) / SAMPLES)));
  const width = Math.ceil(page.width / step);
  const height = Math.ceil(page.height / step);
  const sample = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) sample[y * width + x] = page.gray[y * step * page.width + x * step];
  const paper = maxFilter(maxFilter(sample, width, height, 1, 0), width, height, 0, 1);
  let close = 0;
  for (let i = 0; i < sample.length; i++) if (paper[i] - sample[i] <= PAPER_TOLERANCE) close++;
  return close / sample.length;
}

/** The lightest value within NEIGHBOURHOOD along one axis (dx, dy is 1, 0 or 0, 1). */
function maxFilter(values: Uint8Array, width: number, height: number, dx: number, dy: number): Uint8Array {
  const out = new Uint8Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let best = 0;
      for (let k = -NEIGHBOURHOOD; k <= NEIGHBOURHOOD; k++) {
        const sx = x + k * dx;
        const sy = y + k * dy;
        if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
        const value = values[sy * width + sx];
        if (value > best) best = value;
      }
      out[y * width + x] = best;
    }
  }
  return out;
}
