/**
 * The one crop convention of the symbol classifier, shared by training and inference: the candidate box padded
 * on every side, made square about its centre, resampled to CROP_SIZE × CROP_SIZE, paper 1 and ink 0.
 */

/** Side of the network input, in pixels (small enough for a 2-core CPU). */
export const CROP_SIZE = 32;
/** Share of the box's longer side added on each side, so the outline and a bit of its pipes are in view. */
export const CROP_PADDING = 0.15;

export interface GrayImage {
  gray: Uint8Array;
  width: number;
  height: number;
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
 * Writes the crop of `box` into `out` at `offset` (CROP_SIZE² values, row-major). Each output pixel is the mean
 * of k × k bilinear samples over its footprint, k growing with the scale, so thin strokes survive shrinking.
 */
export function cropInto(image: GrayImage, box: CropBox, out: Float32Array, offset = 0): void {
  const { gray, width, height } = image;
  const { x, y, side } = cropSquare(box);
  const step = side / CROP_SIZE;
  const k = Math.min(8, Math.max(1, Math.ceil(step)));
  const pixel = (px: number, py: number) => (px < 0 || py < 0 || px >= width || py >= height ? 255 : gray[py * width + px]);
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
      out[offset + oy * CROP_SIZE + ox] = sum / (k * k * 255);
    }
  }
}

export function cropSymbol(image: GrayImage, box: CropBox): Float32Array {
  const out = new Float32Array(CROP_SIZE * CROP_SIZE);
  cropInto(image, box, out);
  return out;
}
