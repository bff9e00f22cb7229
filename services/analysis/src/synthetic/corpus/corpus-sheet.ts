import { drawPdfPagePixels, withPdfPage } from '@pid/platform/imaging';
import sharp from 'sharp';
import { degradeGrey } from '../degrade';
import { keyedLayers } from '../paper-damage';
import type { Point } from '../geometry';
import { Prng } from '../prng';
import { layoutSheet } from '../sheet-generator';
import { layoutTruth, mapTruth, type CorpusTruth } from './corpus-truth';
import { drawFurniture } from './sheet-furniture';
import { planSheet, type SheetPlan } from './sheet-plan';
import { corpusCatalog } from './symbol-catalog';

export interface CorpusSheet {
  name: string;
  /** The rendition as raw pixels, grey (1 channel) or colour (3). */
  pixels: RawPixels;
  /** JPEG quality the damage asks for; undefined for a clean sheet. */
  jpegQuality?: number;
  truth: CorpusTruth;
}

export interface RawPixels {
  data: Buffer;
  channels: 1 | 3;
  width: number;
  height: number;
}

/** Renditions are bounded by the plan (at most 40 megapixels); these limits only guard against a runaway page. */
const RENDER_LIMITS = { maxSide: 20_000, maxPixels: 80e6, timeoutMs: 300_000 };

export const corpusSheetName = (seed: number) => `corpus-${seed}`;

/**
 * Draws corpus sheet `seed`: plan, layout from both libraries, furniture, rendition at the plan's dpi, damage, truth.
 * A test may hand in the plan, changed.
 */
export async function buildCorpusSheet(seed: number, plan: SheetPlan = planSheet(seed)): Promise<CorpusSheet> {
  const name = corpusSheetName(seed);
  const { canvas, builder, frame } = await layoutSheet({
    name,
    seed,
    style: plan.style,
    density: plan.density,
    paper: plan.paper,
    orientation: plan.orientation,
    catalog: corpusCatalog(plan.symbols),
    touching: { symbols: plan.symbols.touching, tags: plan.symbols.tagsTouching },
    keyLayers: Boolean(plan.damage && plan.damage.layerInks),
    exactStyle: true,
  });
  const furniture = drawFurniture(builder, frame.reserved, plan.furniture, new Prng(seed).fork('furniture'));
  const truth = layoutTruth(builder, plan, name, furniture);
  const options = { dpi: plan.dpi, ...RENDER_LIMITS };
  // Straight to pixels: a PNG between renderer and damage would cost more than the rest of the sheet.
  const page = await withPdfPage(await canvas.save(), 1, options, (document, pdfPage, size) =>
    drawPdfPagePixels(document, pdfPage, size, options),
  );
  // The page is black on white (or keyed, its red channel still 0 wherever there is ink): its red channel is its grey.
  const keyed = plan.damage && plan.damage.layerInks ? keyedLayers(page.rgba) : undefined;
  const grey =
    keyed?.grey ??
    (await sharp(page.rgba, { raw: { width: page.width, height: page.height, channels: 4 } })
      .extractChannel(0)
      .toColourspace('b-w')
      .raw()
      .toBuffer());
  const scale = page.width / canvas.width;
  const toRendition = ([x, y]: Point): Point => [x * scale, y * scale];
  const size = { width: page.width, height: page.height };
  if (!plan.damage) return { name, pixels: { data: grey, channels: 1, ...size }, truth: mapTruth(truth, toRendition, size) };
  const damaged = await degradeGrey({ data: grey, ...size }, plan.damage, seed, keyed?.masks);
  return {
    name,
    pixels: { data: damaged.data, channels: damaged.channels, ...size },
    jpegQuality: plan.damage.jpegQuality,
    truth: mapTruth(truth, (point) => damaged.map(toRendition(point)), size),
  };
}

/** The whole sheet as a file: JPEG at the damage's quality, PNG when clean. */
export async function encodeSheet(sheet: CorpusSheet): Promise<{ bytes: Buffer; format: 'png' | 'jpeg' }> {
  const { data, channels, width, height } = sheet.pixels;
  const image = sharp(data, { raw: { width, height, channels } });
  if (sheet.jpegQuality) return { bytes: await image.jpeg({ quality: sheet.jpegQuality }).toBuffer(), format: 'jpeg' };
  return { bytes: await image.png().toBuffer(), format: 'png' };
}
