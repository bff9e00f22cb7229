import sharp from 'sharp';
import type { TruthSheet } from '../benchmark/ground-truth';
import { boundsOf, type Box, type Point } from './geometry';
import { Prng } from './prng';
import { bleedInk, breakStrokes, colourise, fadeInk, speckle, unevenPaper, type GreyPixels } from './paper-damage';

export interface DegradeOptions {
  /** Gaussian blur sigma in pixels. */
  blur?: number;
  /** Standard deviation of additive grey noise (0–255 scale). */
  noise?: number;
  /** Encode as JPEG at this quality. */
  jpegQuality?: number;
  /** A slight skew, degrees clockwise; the canvas keeps its size. */
  rotationDeg?: number;
  /** Dark specks (and as many paper-white flecks in the ink): the share of pixels that start one. */
  speckle?: number;
  /** Faded ink: the share of its darkness lost (0–1). */
  fade?: number;
  /** Broken strokes: the share of ink pixels where a small gap is cut. */
  breaks?: number;
  /** Ink bleeding (pixels grown, > 0) or starved (pixels eaten, < 0). */
  bleed?: number;
  /** Uneven paper: how much darker (0–255) its blotchiest part gets. */
  background?: number;
  /** A coloured drawing: ink and paper colours. */
  colour?: ColourScheme;
  /** With a colour: signal lines and text in inks of their own (the page must be drawn with its layers keyed). */
  layerInks?: LayerPalette;
}

export type ColourScheme = 'blueprint' | 'blue-ink' | 'sepia' | 'red-ink' | 'green-ink';
/** Main ink, signal lines, text: black, red, blue; green, magenta, black; blue, red, black. */
export type LayerPalette = 'black-red-blue' | 'green-magenta-black' | 'blue-red-black';

/**
 * A scan look for the raster: greyscale, rotation (truth transformed and boxes re-bounded), blur, noise, JPEG; and
 * for the training corpus ink bleed, broken strokes, fading, uneven paper, specks and colour (`paper-damage.ts`).
 * The vector PDF is untouched. `map` takes a point of the page to the damaged raster.
 */
export async function degradeRaster(
  png: Buffer,
  truth: TruthSheet,
  options: DegradeOptions,
  seed: number,
): Promise<{ raster: Buffer; format: 'png' | 'jpeg'; truth: TruthSheet; map: (point: Point) => Point }> {
  const { width, height } = truth.imageSize;
  let image = sharp(png).flatten({ background: '#ffffff' }).greyscale();
  let transformed = truth;
  let map = (point: Point): Point => point;
  if (options.rotationDeg) {
    const rotated = await image.rotate(options.rotationDeg, { background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
    const left = Math.round((rotated.info.width - width) / 2);
    const top = Math.round((rotated.info.height - height) / 2);
    image = sharp(rotated.data, {
      raw: { width: rotated.info.width, height: rotated.info.height, channels: rotated.info.channels },
    }).extract({ left, top, width, height });
    map = rotationMap(width, height, rotated.info.width, rotated.info.height, options.rotationDeg);
    const mapBox = ([x0, y0, x1, y1]: Box): Box => boundsOf([map([x0, y0]), map([x1, y0]), map([x1, y1]), map([x0, y1])]).map(round) as Box;
    transformed = {
      ...truth,
      symbols: truth.symbols.map((symbol) => ({ ...symbol, bbox: mapBox(symbol.bbox) })),
      texts: truth.texts.map((text) => ({ ...text, bbox: mapBox(text.bbox) })),
      pipes: truth.pipes.map((pipe) => ({ ...pipe, polyline: pipe.polyline.map(map) })),
    };
  }
  if (!hasPaperDamage(options)) {
    // The benchmark's scans: exactly the pipeline they were made with.
    if (options.blur && options.blur >= 0.3) image = image.blur(options.blur);
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    if (options.noise) addNoise(data, options.noise, seed);
    const out = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const raster = options.jpegQuality ? await out.jpeg({ quality: options.jpegQuality }).toBuffer() : await out.png().toBuffer();
    return { raster, format: options.jpegQuality ? 'jpeg' : 'png', truth: transformed, map };
  }
  const grey = await image.raw().toBuffer({ resolveWithObject: true });
  const damaged = await degradeGrey(
    { data: grey.data, width: grey.info.width, height: grey.info.height },
    { ...options, rotationDeg: undefined },
    seed,
  );
  const out = sharp(damaged.data, { raw: { width: damaged.width, height: damaged.height, channels: damaged.channels } });
  const raster = options.jpegQuality ? await out.jpeg({ quality: options.jpegQuality }).toBuffer() : await out.png().toBuffer();
  return { raster, format: options.jpegQuality ? 'jpeg' : 'png', truth: transformed, map };
}

/**
 * Scan damage on grey pixels (the corpus renders straight to pixels, no PNG in between): skew, ink bleed, broken
 * strokes, blur, fading, uneven paper, specks, noise and colour, in that order, as paper, ink and scanner add them.
 * JPEG is left to whoever encodes. Answers RGB when a colour scheme is asked, grey otherwise, and the skew's `map`.
 */
export async function degradeGrey(
  pixels: GreyPixels,
  options: DegradeOptions,
  seed: number,
  layers?: Buffer,
): Promise<{ data: Buffer; channels: 1 | 3; width: number; height: number; map: (point: Point) => Point }> {
  const { width, height } = pixels;
  let data = pixels.data;
  let map = (point: Point): Point => point;
  const raw = (buffer: Buffer) => sharp(buffer, { raw: { width, height, channels: 1 } });
  if (options.rotationDeg) {
    const rotated = await raw(data).rotate(options.rotationDeg, { background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
    const left = Math.round((rotated.info.width - width) / 2);
    const top = Math.round((rotated.info.height - height) / 2);
    // Rotation may add an alpha channel: keep the grey one.
    data = await sharp(rotated.data, { raw: { width: rotated.info.width, height: rotated.info.height, channels: rotated.info.channels } })
      .extract({ left, top, width, height })
      .extractChannel(0)
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    map = rotationMap(width, height, rotated.info.width, rotated.info.height, options.rotationDeg);
  }
  const page = { data, width, height };
  const rng = new Prng(seed ^ 0xda3a6e);
  if (options.bleed) bleedInk(page, options.bleed);
  if (options.breaks) breakStrokes(page, options.breaks, rng);
  // sharp answers grey raw input as sRGB unless told: every step back to one channel.
  if (options.blur && options.blur >= 0.3) page.data = await raw(page.data).blur(options.blur).toColourspace('b-w').raw().toBuffer();
  if (options.fade) fadeInk(page, options.fade);
  if (options.background) await unevenPaper(page, options.background, rng);
  if (options.speckle) speckle(page, options.speckle, rng);
  if (options.noise) addNoise(page.data, options.noise, seed);
  if (page.data.length !== width * height) throw new Error(`damage left ${page.data.length} bytes for ${width} × ${height} grey pixels`);
  if (!options.colour) return { data: page.data, channels: 1, width, height, map };
  const inks = layers && options.layerInks ? { palette: options.layerInks, masks: await spreadLayers(layers, pixels, options) } : undefined;
  return { data: colourise(page.data, options.colour, inks), channels: 3, width, height, map };
}

/**
 * The layer masks (`layers`: RGB, red the signal lines, green the text) skewed as the page was, and spread a little
 * (by the blur and bleed, and a pixel more) so that ink pushed past its stroke keeps its layer's colour.
 */
async function spreadLayers(layers: Buffer, { width, height }: GreyPixels, options: DegradeOptions): Promise<Buffer> {
  let image = sharp(layers, { raw: { width, height, channels: 3 } });
  if (options.rotationDeg) {
    const rotated = await image.rotate(options.rotationDeg, { background: '#000000' }).raw().toBuffer({ resolveWithObject: true });
    const { info } = rotated;
    const [left, top] = [Math.round((info.width - width) / 2), Math.round((info.height - height) / 2)];
    image = sharp(rotated.data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .extract({ left, top, width, height })
      .removeAlpha();
  }
  const sigma = 1 + (options.blur ?? 0) + Math.max(0, options.bleed ?? 0);
  const spread = await image.blur(sigma).raw().toBuffer();
  for (let i = 0; i < spread.length; i++) spread[i] = spread[i] > 24 ? 255 : 0;
  return spread;
}

/** Clockwise on the page (y down) about the centre, then into the canvas cropped back to the page's size. */
function rotationMap(width: number, height: number, rotatedWidth: number, rotatedHeight: number, degrees: number): (point: Point) => Point {
  const angle = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const left = Math.round((rotatedWidth - width) / 2);
  const top = Math.round((rotatedHeight - height) / 2);
  return ([x, y]: Point): Point => {
    const dx = x - width / 2;
    const dy = y - height / 2;
    return [round(rotatedWidth / 2 + dx * cos - dy * sin - left), round(rotatedHeight / 2 + dx * sin + dy * cos - top)];
  };
}

function hasPaperDamage(options: DegradeOptions): boolean {
  return Boolean(options.speckle || options.fade || options.breaks || options.bleed || options.background || options.colour);
}

function addNoise(data: Buffer, noise: number, seed: number): void {
  // Gaussian draws for tens of millions of pixels are slow: draw a table once, pick from it with xorshift.
  const rng = new Prng(seed ^ 0x5eed);
  const table = Float32Array.from({ length: 65_536 }, () => gaussian(rng) * noise);
  let state = (seed ^ 0x9e3779b9) >>> 0 || 1;
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    data[i] = Math.max(0, Math.min(255, Math.round(data[i] + table[(state >>> 0) & 0xffff])));
  }
}

/** A standard normal draw (Box–Muller). */
function gaussian(rng: Prng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

const round = (value: number) => Math.round(value * 100) / 100;
