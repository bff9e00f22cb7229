/**
 * The one crop convention of the symbol classifier, shared by training and inference: the candidate box padded
 * on every side, made square about its centre, resampled to CROP_SIZE × CROP_SIZE, paper 1 and ink 0; and a
 * second channel with the central half of that square at twice the resolution. At inference a page may mark its
 * known text (`withTextAsPaper`): clear of the candidate's box, it reads as paper; training crops read the generated
 * sheets as drawn, their labels beside the symbols.
 */

import { boxesTouch, containsPoint } from '../pipeline/components';

/** Side of the network input, in pixels (small enough for a 2-core CPU). */
export const CROP_SIZE = 32;
/**
 * Channels per pixel (interleaved): the whole padded square, then its central half. What tells a globe valve's
 * ring from a plug valve's square is a few pixels in the middle of the body, which the whole view blurs together.
 */
export const CROP_CHANNELS = 2;
/** Values per crop. */
export const CROP_VALUES = CROP_SIZE * CROP_SIZE * CROP_CHANNELS;

/** The network's input shape for `count` crops laid end to end. */
export function cropBatchShape(count: number): [number, number, number, number] {
  return [count, CROP_SIZE, CROP_SIZE, CROP_CHANNELS];
}
/** Share of the box's longer side added on each side, so the outline and a bit of its pipes are in view. */
export const CROP_PADDING = 0.15;

export interface GrayImage {
  gray: Uint8Array;
  width: number;
  height: number;
  /**
   * Text known on the page, read as paper in a crop where clear of the candidate's box (`withTextAsPaper`); `paper`
   * is this `gray` with the text painted out, and holds for it alone.
   */
  text?: { boxes: CropBox[]; paper: Uint8Array };
}

export interface CropBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The square region of the page a box is read from (may reach beyond the page, read as paper). */
export function cropSquare(box: CropBox): { x: number; y: number; side: number } {
  const side = Math.max(box.x1 - box.x0, box.y1 - box.y0, 1) * (1 + 2 * CROP_PADDING);
  return { x: (box.x0 + box.x1 - side) / 2, y: (box.y0 + box.y1 - side) / 2, side };
}

/**
 * Writes the crop of `box` into `out` at `offset` (CROP_VALUES values: rows, pixels, channels): the padded square
 * in channel 0, its central half in channel 1.
 */
export function cropInto(image: GrayImage, box: CropBox, out: Float32Array, offset = 0): void {
  const { x, y, side } = cropSquare(box);
  const pixels = cropPixels(image, box);
  resampleInto(pixels, x, y, side, out, offset);
  resampleInto(pixels, x + side / 4, y + side / 4, side / 2, out, offset + 1);
}

/**
 * The page with its text (boxes inclusive) painted paper, for crops: a valve's labels beside it are no part of it,
 * and the classifier reads it as if drawn alone. Text that reaches into a candidate's box stays in its crop.
 */
export function withTextAsPaper(image: GrayImage, boxes: CropBox[]): GrayImage {
  // A copy (a Node Buffer's `slice` would be a view, and painting it would whiten the page itself).
  const paper = Uint8Array.from(image.gray);
  for (const box of boxes) {
    const [x0, x1] = [Math.max(0, Math.ceil(box.x0)), Math.min(image.width - 1, Math.floor(box.x1))];
    for (let y = Math.max(0, Math.ceil(box.y0)); y <= Math.min(image.height - 1, Math.floor(box.y1)); y++)
      paper.fill(255, y * image.width + x0, y * image.width + x1 + 1);
  }
  return { ...image, text: { boxes, paper } };
}

/** A page pixel as the crop of `box` reads it: 255 off the page and on text clear of the box. */
function cropPixels({ gray, width, height, text }: GrayImage, box: CropBox): (px: number, py: number) => number {
  const own = text?.boxes.filter((other) => boxesTouch(other, box, 0)) ?? [];
  return (px, py) => {
    if (px < 0 || py < 0 || px >= width || py >= height) return 255;
    const i = py * width + px;
    if (!text || text.paper[i] === gray[i] || own.some((other) => containsPoint(other, px, py))) return gray[i];
    return text.paper[i];
  };
}

/**
 * Resamples the square (x, y, side) of the page into one channel of a crop. Each output pixel is the mean of
 * k × k bilinear samples over its footprint, k growing with the scale, so thin strokes survive shrinking.
 */
function resampleInto(
  pixel: (px: number, py: number) => number,
  x: number,
  y: number,
  side: number,
  out: Float32Array,
  offset: number,
): void {
  const step = side / CROP_SIZE;
  const k = Math.min(8, Math.max(1, Math.ceil(step)));
  const sample = (sx: number, sy: number) => {
    // Pixel centres at integer + 0.5.
    const fx = sx - 0.5;
    const fy = sy - 0.5;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    const tx = fx - ix;
    const ty = fy - iy;
    const top = pixel(ix, iy) * (1 - tx) + pixel(ix + 1, iy) * tx;
    const bottom = pixel(ix, iy + 1) * (1 - tx) + pixel(ix + 1, iy + 1) * tx;
    return top * (1 - ty) + bottom * ty;
  };
  for (let oy = 0; oy < CROP_SIZE; oy++) {
    for (let ox = 0; ox < CROP_SIZE; ox++) {
      let sum = 0;
      for (let j = 0; j < k; j++) {
        for (let i = 0; i < k; i++) sum += sample(x + (ox + (i + 0.5) / k) * step, y + (oy + (j + 0.5) / k) * step);
      }
      out[offset + (oy * CROP_SIZE + ox) * CROP_CHANNELS] = sum / (k * k * 255);
    }
  }
}

/** Mirrors the `index`-th crop of `crops` left to right, in place, every channel. */
export function mirrorCrop(crops: Float32Array, index: number): void {
  for (let row = 0; row < CROP_SIZE; row++) {
    const start = index * CROP_VALUES + row * CROP_SIZE * CROP_CHANNELS;
    for (let left = 0, right = CROP_SIZE - 1; left < right; left++, right--) {
      for (let c = 0; c < CROP_CHANNELS; c++) {
        const a = start + left * CROP_CHANNELS + c;
        const b = start + right * CROP_CHANNELS + c;
        [crops[a], crops[b]] = [crops[b], crops[a]];
      }
    }
  }
}

export function cropSymbol(image: GrayImage, box: CropBox): Float32Array {
  const out = new Float32Array(CROP_VALUES);
  cropInto(image, box, out);
  return out;
}
