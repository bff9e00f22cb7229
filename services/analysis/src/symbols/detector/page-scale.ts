/**
 * The scale the detector reads a page at, chosen from the page's own text height: drawings put symbols at a few
 * text heights across whatever their resolution, so reading every page with its text at the height the detector was
 * trained at brings a 100-dpi scan and a 400-dpi plot to the same symbol sizes. Training (`npm run train:detector`)
 * scales its corpus sheets with these same functions.
 */
import { binarize } from '../../pipeline/binarize';
import { connectedComponents, type Component } from '../../pipeline/components';
import { median } from '../../pipeline/text-lines';
import type { GrayPage } from './page-detector';

/** Pages are measured at most this large (pixels), reduced by a whole factor: a character stays several pixels. */
const MEASURE_PIXELS = 16e6;
/** Character heights the measure takes, in measured pixels. */
const CHARACTER_HEIGHT = { min: 4, max: 80 };
/** A text height needs this many characters (or words) standing in rows; fewer and the page keeps the fallback. */
const MIN_CHARACTERS = 12;
/** The scales a page may be read at: never enlarged, never below a fifth. */
export const SCALE_RANGE = { min: 0.2, max: 1 };

/** Character-like components: about as tall as wide or narrower (an "I", an "M"), neither dot nor line. */
const CHARACTERS = { maxAspect: 1.2, maxGap: 0.8 };
/** Where blur or bleed has run the characters of a word together: word-like components, spaced as words are. */
const WORDS = { maxAspect: 12, maxGap: 1.5 };

/** Does `b` stand beside `a` in one row of text: about as tall, tops level, a small gap between? */
function rowNeighbours(a: Component, b: Component, maxGap: number): boolean {
  const ha = a.y1 - a.y0 + 1;
  const hb = b.y1 - b.y0 + 1;
  if (hb < 0.7 * ha || hb > 1.4 * ha) return false;
  if (Math.abs(a.y0 - b.y0) > 0.3 * ha) return false;
  const gap = Math.max(b.x0 - a.x1, a.x0 - b.x1);
  return gap >= 0 && gap <= maxGap * ha;
}

/** Heights of the components of this shape that stand in rows with a neighbour of their own height. */
function rowHeights(components: Component[], { maxAspect, maxGap }: typeof CHARACTERS): number[] {
  const shaped = components
    .filter((c) => {
      const height = c.y1 - c.y0 + 1;
      return height >= CHARACTER_HEIGHT.min && height <= CHARACTER_HEIGHT.max && c.x1 - c.x0 + 1 <= maxAspect * height;
    })
    .sort((a, b) => a.x0 - b.x0);
  const heights: number[] = [];
  for (const [i, c] of shaped.entries()) {
    const reach = (maxGap + 1) * (c.y1 - c.y0 + 1);
    for (let j = i + 1; j < shaped.length && shaped[j].x0 <= c.x1 + reach; j++) {
      if (rowNeighbours(c, shaped[j], maxGap)) {
        heights.push(c.y1 - c.y0 + 1);
        break;
      }
    }
  }
  return heights;
}

/**
 * The median height of the page's text in page pixels: characters with a neighbour of their height in their row
 * (horizontal text; dashes and ticks of a vertical line do not count), or words where too few characters stand
 * apart; null where the page has too little text to say.
 */
export function textHeight(page: GrayPage): number | null {
  // Both learned models read a page at a scale from its text height: it is measured once per page's pixels.
  const known = measured.get(page.gray);
  if (known !== undefined) return known;
  const height = measuredTextHeight(page);
  measured.set(page.gray, height);
  return height;
}

const measured = new WeakMap<Uint8Array, number | null>();

function measuredTextHeight(page: GrayPage): number | null {
  const factor = Math.max(1, Math.floor(Math.sqrt((page.width * page.height) / MEASURE_PIXELS)));
  const width = Math.ceil(page.width / factor);
  const height = Math.ceil(page.height / factor);
  const gray = factor === 1 ? page.gray : darkestOfBlocks(page, factor, width, height);
  const components = connectedComponents(binarize(gray), width, height);
  for (const shape of [CHARACTERS, WORDS]) {
    const heights = rowHeights(components, shape);
    if (heights.length >= MIN_CHARACTERS) return median(heights) * factor;
  }
  return null;
}

/** The page reduced by a whole factor, each pixel the darkest of its block, so thin strokes survive. */
function darkestOfBlocks(page: GrayPage, factor: number, width: number, height: number): Uint8Array {
  const gray = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < page.height; y++) {
    const row = Math.floor(y / factor) * width;
    for (let x = 0; x < page.width; x++) {
      const value = page.gray[y * page.width + x];
      const at = row + Math.floor(x / factor);
      if (value < gray[at]) gray[at] = value;
    }
  }
  return gray;
}

/**
 * The scale to read a page at: its text brought to the detector's trained text height (`targetTextHeight`,
 * detector pixels), within SCALE_RANGE; `fallback` where the page's text height is unknown.
 */
export function pageScaleFor(measured: number | null, targetTextHeight: number | undefined, fallback: number): number {
  if (!measured || !targetTextHeight) return fallback;
  return Math.min(SCALE_RANGE.max, Math.max(SCALE_RANGE.min, targetTextHeight / measured));
}

/**
 * Ink (0..1, ink high) of the page resampled to `scale` (at most 1): each output pixel the mean of the page area
 * it covers, fractional pixels weighted, as Pillow's BOX filter that training uses. Row by row, so that memory is
 * the output and one row however large the page.
 */
export function resampledInk(page: GrayPage, scale: number): { ink: Float32Array; width: number; height: number } {
  const width = Math.max(1, Math.round(page.width * scale));
  const height = Math.max(1, Math.round(page.height * scale));
  const columns = boxWeights(page.width, width);
  const rows = boxWeights(page.height, height);
  const across = new Float32Array(width);
  const ink = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const { start, weights } = rows[y];
    const out = y * width;
    for (let k = 0; k < weights.length; k++) {
      // One source row averaged across, then weighted into the output row.
      const line = (start + k) * page.width;
      for (let x = 0; x < width; x++) {
        const column = columns[x];
        let sum = 0;
        for (let c = 0; c < column.weights.length; c++) sum += column.weights[c] * page.gray[line + column.start + c];
        across[x] = sum;
      }
      for (let x = 0; x < width; x++) ink[out + x] += weights[k] * across[x];
    }
    for (let x = 0; x < width; x++) ink[out + x] = 1 - ink[out + x] / 255;
  }
  return { ink, width, height };
}

/** For each output index, the source indices it covers and their weights (summing to 1). */
function boxWeights(source: number, target: number): Array<{ start: number; weights: Float32Array }> {
  const step = source / target;
  return Array.from({ length: target }, (_, i) => {
    const from = i * step;
    const to = Math.min(source, (i + 1) * step);
    const start = Math.floor(from);
    const end = Math.min(source, Math.ceil(to));
    const weights = new Float32Array(end - start);
    for (let k = start; k < end; k++) weights[k - start] = (Math.min(k + 1, to) - Math.max(k, from)) / (to - from);
    return { start, weights };
  });
}
