import type { ColourScheme } from './degrade';
import type { Prng } from './prng';

/**
 * What paper, ink and scanners do to a drawing, on 8-bit grey pixels (0 ink, 255 paper), in place. Used by
 * `degradeRaster` for the training corpus. Each effect is local, so no truth box moves: a truth box still holds
 * its symbol's ink (a bleed of a pixel or two spills over it, as on real scans).
 */
export interface GreyPixels {
  data: Buffer;
  width: number;
  height: number;
}

/** Ink grows (`radius` > 0, a minimum filter) or thins (< 0, a maximum filter), `|radius|` pixels each way. */
export function bleedInk(pixels: GreyPixels, radius: number): void {
  const { data, width, height } = pixels;
  const r = Math.abs(Math.round(radius));
  if (r === 0) return;
  const pick = radius > 0 ? Math.min : Math.max;
  const row = new Uint8Array(Math.max(width, height));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) row[x] = data[y * width + x];
    for (let x = 0; x < width; x++) {
      let value = row[x];
      for (let d = 1; d <= r; d++) value = pick(value, row[Math.max(0, x - d)], row[Math.min(width - 1, x + d)]);
      data[y * width + x] = value;
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) row[y] = data[y * width + x];
    for (let y = 0; y < height; y++) {
      let value = row[y];
      for (let d = 1; d <= r; d++) value = pick(value, row[Math.max(0, y - d)], row[Math.min(height - 1, y + d)]);
      data[y * width + x] = value;
    }
  }
}

/** Small paper-white gaps cut into strokes at `share` of the ink pixels, as a worn original or a poor copy. */
export function breakStrokes(pixels: GreyPixels, share: number, rng: Prng): void {
  const { data, width, height } = pixels;
  let ink = 0;
  for (let i = 0; i < data.length; i += 7) if (data[i] < 128) ink++;
  const gaps = Math.round(ink * 7 * share);
  for (let made = 0, tries = 0; made < gaps && tries < gaps * 20; tries++) {
    const i = Math.floor(rng.next() * data.length);
    if (data[i] >= 128) continue;
    made++;
    const r = rng.int(1, 3);
    const [cx, cy] = [i % width, Math.floor(i / width)];
    for (let y = Math.max(0, cy - r); y <= Math.min(height - 1, cy + r); y++) {
      for (let x = Math.max(0, cx - r); x <= Math.min(width - 1, cx + r); x++) data[y * width + x] = 255;
    }
  }
}

/** Ink lighter by `amount` of its darkness. */
export function fadeInk(pixels: GreyPixels, amount: number): void {
  const { data } = pixels;
  for (let i = 0; i < data.length; i++) data[i] = 255 - Math.round((255 - data[i]) * (1 - amount));
}

/** A slowly varying darkening of the paper (a few broad waves), as a scan of a folded, yellowed print. */
export function unevenPaper(pixels: GreyPixels, depth: number, rng: Prng): void {
  const { data, width, height } = pixels;
  const waves = Array.from({ length: 4 }, () => ({
    fx: rng.range(0.3, 2.5) / width,
    fy: rng.range(0.3, 2.5) / height,
    phase: rng.range(0, Math.PI * 2),
  }));
  // cos(a + b) = cos a cos b − sin a sin b: tables per column and per row keep it to multiplications per pixel.
  const tables = waves.map((wave) => ({
    cx: Float32Array.from({ length: width }, (_, x) => Math.cos(2 * Math.PI * wave.fx * x + wave.phase)),
    sx: Float32Array.from({ length: width }, (_, x) => Math.sin(2 * Math.PI * wave.fx * x + wave.phase)),
    cy: Float32Array.from({ length: height }, (_, y) => Math.cos(2 * Math.PI * wave.fy * y)),
    sy: Float32Array.from({ length: height }, (_, y) => Math.sin(2 * Math.PI * wave.fy * y)),
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (const t of tables) sum += t.cx[x] * t.cy[y] - t.sx[x] * t.sy[y];
      const i = y * width + x;
      const darker = ((sum / tables.length + 1) / 2) * depth;
      data[i] = Math.max(0, Math.round(data[i] - darker * (data[i] / 255)));
    }
  }
}

/** Dark specks on the paper and white flecks in the ink, one to three pixels across. */
export function speckle(pixels: GreyPixels, share: number, rng: Prng): void {
  const { data, width, height } = pixels;
  const count = Math.round(data.length * share);
  for (let n = 0; n < count; n++) {
    const [cx, cy] = [rng.int(0, width - 1), rng.int(0, height - 1)];
    const size = rng.int(1, 3);
    const value = rng.chance(0.7) ? rng.int(0, 90) : 255;
    for (let y = cy; y < Math.min(height, cy + size); y++) {
      for (let x = cx; x < Math.min(width, cx + size); x++) data[y * width + x] = value;
    }
  }
}

/** Ink and paper colours (RGB) of each scheme. */
const SCHEMES: Record<ColourScheme, { ink: [number, number, number]; paper: [number, number, number] }> = {
  blueprint: { ink: [238, 242, 250], paper: [28, 62, 140] },
  'blue-ink': { ink: [20, 40, 170], paper: [255, 255, 255] },
  sepia: { ink: [70, 45, 20], paper: [240, 228, 200] },
  'red-ink': { ink: [170, 25, 25], paper: [255, 253, 248] },
  'green-ink': { ink: [10, 110, 40], paper: [250, 252, 248] },
};

/** Grey pixels as RGB of the scheme: 0 becomes the ink colour, 255 the paper. */
export function colourise(data: Buffer, scheme: ColourScheme): Buffer {
  const { ink, paper } = SCHEMES[scheme];
  const out = Buffer.alloc(data.length * 3);
  for (let i = 0; i < data.length; i++) {
    const t = data[i] / 255;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(ink[c] + (paper[c] - ink[c]) * t);
  }
  return out;
}
