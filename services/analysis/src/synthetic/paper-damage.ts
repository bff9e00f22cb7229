import type { ColourScheme, LayerPalette } from './degrade';
import sharp from 'sharp';
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

/** Ink grows (`radius` > 0, a minimum filter) or thins (< 0, half a maximum filter), `|radius|` pixels each way. */
export function bleedInk(pixels: GreyPixels, radius: number): void {
  const { data, width, height } = pixels;
  const r = Math.abs(Math.round(radius));
  if (r === 0) return;
  const grow = radius > 0;
  // Starved ink greys thin strokes rather than wiping them out: the thinned page is averaged with the original.
  const original = grow ? undefined : Buffer.from(data);
  const line = new Uint8Array(Math.max(width, height));
  // Separable: along each row, then each column, through a copy of the line.
  const filterLine = (length: number) => {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      let value = line[i];
      const from = i - r < 0 ? 0 : i - r;
      const to = i + r >= length ? length - 1 : i + r;
      for (let j = from; j <= to; j++) if (grow ? line[j] < value : line[j] > value) value = line[j];
      out[i] = value;
    }
    return out;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) line[x] = data[row + x];
    const out = filterLine(width);
    for (let x = 0; x < width; x++) data[row + x] = out[x];
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) line[y] = data[y * width + x];
    const out = filterLine(height);
    for (let y = 0; y < height; y++) data[y * width + x] = out[y];
  }
  if (original) for (let i = 0; i < data.length; i++) data[i] = (data[i] + original[i]) >> 1;
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
export async function unevenPaper(pixels: GreyPixels, depth: number, rng: Prng): Promise<void> {
  const { data, width, height } = pixels;
  const waves = Array.from({ length: 4 }, () => ({ fx: rng.range(0.3, 2.5), fy: rng.range(0.3, 2.5), phase: rng.range(0, Math.PI * 2) }));
  // The field is smooth: work it out on a coarse grid and let sharp stretch it to the page.
  const [cw, ch] = [Math.max(2, Math.ceil(width / 16)), Math.max(2, Math.ceil(height / 16))];
  const coarse = Buffer.alloc(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let sum = 0;
      for (const wave of waves) sum += Math.cos(2 * Math.PI * ((wave.fx * x) / cw + (wave.fy * y) / ch) + wave.phase);
      coarse[y * cw + x] = Math.round(((sum / waves.length + 1) / 2) * depth);
    }
  }
  const field = await sharp(coarse, { raw: { width: cw, height: ch, channels: 1 } })
    .resize(width, height, { kernel: 'linear' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  for (let i = 0; i < data.length; i++) data[i] = data[i] - ((field[i] * data[i]) >> 8);
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

type Rgb = [number, number, number];

/** Inks of a sheet drawn in layers: main (process lines, symbols, furniture), signal lines, text. */
const PALETTES: Record<LayerPalette, [Rgb, Rgb, Rgb]> = {
  'black-red-blue': [
    [25, 25, 25],
    [200, 30, 30],
    [20, 40, 170],
  ],
  'green-magenta-black': [
    [10, 100, 40],
    [180, 30, 150],
    [25, 25, 25],
  ],
  'blue-red-black': [
    [20, 40, 170],
    [200, 30, 30],
    [25, 25, 25],
  ],
};

/**
 * Grey pixels as RGB of the scheme: 0 becomes the ink colour, 255 the paper. With `layers`, each pixel takes the
 * ink of its layer (`masks`: RGB, red the signal lines, green the text) from the palette, on the scheme's paper.
 */
export function colourise(data: Buffer, scheme: ColourScheme, layers?: { palette: LayerPalette; masks: Buffer }): Buffer {
  const { ink, paper } = SCHEMES[scheme];
  const inks = layers ? PALETTES[layers.palette] : [ink];
  // One table per ink and channel from grey to colour: three look-ups a pixel.
  const tables = inks.map((colour) =>
    [0, 1, 2].map((c) => Uint8Array.from({ length: 256 }, (_, grey) => Math.round(colour[c] + ((paper[c] - colour[c]) * grey) / 255))),
  );
  const out = Buffer.alloc(data.length * 3);
  const masks = layers?.masks;
  for (let i = 0, j = 0; i < data.length; i++, j += 3) {
    const grey = data[i];
    const [red, green, blue] = tables[!masks ? 0 : masks[j] ? 1 : masks[j + 1] ? 2 : 0];
    out[j] = red[grey];
    out[j + 1] = green[grey];
    out[j + 2] = blue[grey];
  }
  return out;
}

/**
 * A page drawn with keyed layers (`PdfCanvas.keyLayers`): its grey (the red channel, 0 wherever there is ink) and
 * which layer each pixel is inked in, as `colourise` reads it.
 */
export function keyedLayers(rgba: Uint8Array | Buffer): { grey: Buffer; masks: Buffer } {
  const grey = Buffer.alloc(rgba.length / 4);
  const masks = Buffer.alloc(grey.length * 3);
  for (let i = 0, k = 0; i < rgba.length; i += 4, k++) {
    const red = rgba[i];
    grey[k] = red;
    if (rgba[i + 1] - red > 60) masks[k * 3] = 255;
    else if (rgba[i + 2] - red > 60) masks[k * 3 + 1] = 255;
  }
  return { grey, masks };
}
