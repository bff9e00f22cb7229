import sharp from 'sharp';
import { binarize } from '../pipeline/binarize';

/** Scans are rarely turned more than this; larger angles are drawings drawn that way. */
const MAX_SKEW_DEGREES = 3;
/** Below this the lines are straight enough for the row and column scans. */
const MIN_SKEW_DEGREES = 0.04;

/**
 * The angle (degrees, positive = the drawing turned clockwise on the page) by which a scan is skewed:
 * the one under which the ink's rows line up best, i.e. the row profile of ink projected along that
 * angle is sharpest. P&IDs are full of long horizontal lines, so the peak is clear.
 */
export function estimateSkew(gray: Uint8Array, width: number, height: number): number {
  const step = Math.max(1, Math.round(Math.max(width, height) / 2000));
  const xs: number[] = [];
  const ys: number[] = [];
  const mask = binarize(gray);
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (mask[y * width + x] === 1) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 200) return 0;
  const rows = Math.ceil(height / step + (width / step) * Math.tan((MAX_SKEW_DEGREES * Math.PI) / 180)) + 2;
  const offset = Math.ceil((width / step) * Math.tan((MAX_SKEW_DEGREES * Math.PI) / 180)) + 1;
  const histogram = new Float64Array(rows);
  const sharpness = (degrees: number) => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    histogram.fill(0);
    for (let i = 0; i < xs.length; i++) histogram[Math.round(ys[i] - xs[i] * slope) + offset]++;
    let sum = 0;
    for (let i = 0; i < rows; i++) sum += histogram[i] * histogram[i];
    return sum;
  };
  let best = 0;
  let bestScore = sharpness(0);
  const straight = bestScore;
  for (let degrees = -MAX_SKEW_DEGREES; degrees <= MAX_SKEW_DEGREES + 1e-9; degrees += 0.1) {
    const score = sharpness(degrees);
    if (score > bestScore) [best, bestScore] = [degrees, score];
  }
  for (let degrees = best - 0.1; degrees <= best + 0.1 + 1e-9; degrees += 0.01) {
    const score = sharpness(degrees);
    if (score > bestScore) [best, bestScore] = [degrees, score];
  }
  // A page without long lines has a flat profile at every angle: leave it as it is.
  if (bestScore < straight * 1.05 || Math.abs(best) < MIN_SKEW_DEGREES) return 0;
  return Math.round(best * 100) / 100;
}

/** Turns a grayscale page by -`degrees` about its centre, keeping its size; paper fills the corners. */
export async function rotateGray(gray: Uint8Array, width: number, height: number, degrees: number): Promise<Uint8Array> {
  const { data, info } = await sharp(Buffer.from(gray.buffer, gray.byteOffset, gray.length), { raw: { width, height, channels: 1 } })
    .rotate(-degrees, { background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((info.width - width) / 2);
  const top = Math.round((info.height - height) / 2);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * info.width + left) * info.channels;
    if (info.channels === 1) out.set(data.subarray(from, from + width), y * width);
    else for (let x = 0; x < width; x++) out[y * width + x] = data[from + x * info.channels];
  }
  return out;
}

/** Where a point of the deskewed page lies on the skewed one: turned back by `degrees` about the centre. */
export function unskewPoint(x: number, y: number, width: number, height: number, degrees: number): [number, number] {
  if (degrees === 0) return [x, y];
  const angle = (degrees * Math.PI) / 180;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const dx = x - cx;
  const dy = y - cy;
  return [cx + dx * Math.cos(angle) - dy * Math.sin(angle), cy + dx * Math.sin(angle) + dy * Math.cos(angle)];
}
