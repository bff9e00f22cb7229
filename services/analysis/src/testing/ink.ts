import type { InkImage } from '../pipeline/components';

/** An ink mask `width` × `height` with the given boxes ([x0, y0, x1, y1], inclusive) inked. */
export function inkWith(width: number, height: number, ...boxes: Array<[number, number, number, number]>): InkImage {
  const ink: InkImage = { mask: new Uint8Array(width * height), width, height };
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y <= y1; y++) ink.mask.fill(1, y * width + x0, y * width + x1 + 1);
  return ink;
}
