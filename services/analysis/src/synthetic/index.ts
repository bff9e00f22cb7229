/**
 * Synthetic P&ID sheets with exact ground truth: a vector PDF with a text layer, its 200-dpi rendition by the
 * product's own renderer (optionally made to look scanned) and the truth in that pixel space. Feeds the
 * analysis tests, the accuracy benchmark and the training of the symbol classifier.
 */
import { PDF_PAGE_OPTIONS } from '../ingest/pdf-options';
import { renderPdfPage } from '@pid/platform/imaging';
import type { TruthSheet } from '../benchmark/ground-truth';
import { degradeRaster, type DegradeOptions } from './degrade';
import { DRAFTING_STYLES, draftingStyle, type DraftingStyleName } from './drafting-styles';
import { generateSheet } from './sheet-generator';

export type { DegradeOptions } from './degrade';
export { DRAFTING_STYLES, type DraftingStyle, type DraftingStyleName } from './drafting-styles';
export { PdfCanvas, POINTS_PER_PIXEL } from './pdf-canvas';
export { drawSymbol, placedPorts, SYMBOL_CLASSES, symbolBox, symbolClass } from './symbol-library';
export type { SymbolClass, SymbolPlacement, SymbolVariant } from './symbol-library';

export interface SyntheticOptions {
  seed: number;
  /** Default: picked from the seed. */
  style?: DraftingStyleName;
  density?: 'sparse' | 'normal' | 'dense';
  /** Landscape; default A3. */
  paper?: 'A3' | 'A1';
  /** Scan look for the raster only. */
  degrade?: DegradeOptions | false;
}

export interface SyntheticDrawing {
  /** What was actually used. */
  options: Required<SyntheticOptions>;
  /** In the pixel space of `raster` (the PDF page rendered at 200 dpi). */
  truth: TruthSheet;
  /** The vector PDF (one page), with a real text layer. */
  pdf: Uint8Array;
  /** The page rendered at 200 dpi, degraded if asked. */
  raster: Buffer;
  rasterFormat: 'png' | 'jpeg';
}

export function resolveOptions(options: SyntheticOptions): Required<SyntheticOptions> {
  return {
    seed: options.seed,
    style: options.style ?? DRAFTING_STYLES[Math.abs(options.seed) % DRAFTING_STYLES.length].name,
    density: options.density ?? 'normal',
    paper: options.paper ?? 'A3',
    degrade: options.degrade ?? false,
  };
}

/** A file-name-safe name saying what the sheet is. */
export function sheetName(options: Required<SyntheticOptions>): string {
  return `syn-${options.seed}-${options.style}-${options.density}-${options.paper}${options.degrade ? '-scan' : ''}`;
}

export async function generateSyntheticDrawing(options: SyntheticOptions): Promise<SyntheticDrawing> {
  const used = resolveOptions(options);
  const { pdf, truth } = await generateSheet({
    name: sheetName(used),
    seed: used.seed,
    style: draftingStyle(used.style),
    density: used.density,
    paper: used.paper,
  });
  const page = await renderPdfPage(pdf, 1, PDF_PAGE_OPTIONS);
  if (page.width !== truth.imageSize.width || page.height !== truth.imageSize.height) {
    throw new Error(`Rendered ${page.width} × ${page.height}, expected ${truth.imageSize.width} × ${truth.imageSize.height}`);
  }
  if (!used.degrade) return { options: used, truth, pdf, raster: page.png, rasterFormat: 'png' };
  const degraded = await degradeRaster(page.png, truth, used.degrade, used.seed);
  return { options: used, truth: degraded.truth, pdf, raster: degraded.raster, rasterFormat: degraded.format };
}

/**
 * The fixed held-out benchmark set: seeds ≥ 100000, every style, all densities, A3 and A1, clean and scanned.
 * Training must never use these seeds.
 */
export function heldOutSet(): SyntheticOptions[] {
  const scan = (blur: number, noise: number, jpegQuality: number, rotationDeg: number): DegradeOptions => ({
    blur,
    noise,
    jpegQuality,
    rotationDeg,
  });
  return [
    { seed: 100001, style: 'iso-modern', density: 'sparse', paper: 'A3', degrade: false },
    { seed: 100002, style: 'isa-classic', density: 'normal', paper: 'A3', degrade: false },
    { seed: 100003, style: 'legacy-cad', density: 'dense', paper: 'A3', degrade: false },
    { seed: 100004, style: 'iso-modern', density: 'normal', paper: 'A3', degrade: scan(0.8, 10, 75, 0.6) },
    { seed: 100005, style: 'isa-classic', density: 'dense', paper: 'A3', degrade: scan(1.2, 16, 60, -1.1) },
    { seed: 100006, style: 'legacy-cad', density: 'normal', paper: 'A3', degrade: scan(0.6, 8, 85, 0.4) },
    { seed: 100007, style: 'iso-modern', density: 'dense', paper: 'A1', degrade: false },
    { seed: 100008, style: 'isa-classic', density: 'normal', paper: 'A1', degrade: scan(1, 12, 70, -0.8) },
  ];
}

/** Seeds from here on belong to the held-out set. */
export const HELD_OUT_SEED_START = 100_000;
