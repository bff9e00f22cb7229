/**
 * Labelled crops for the symbol classifier, from training seeds only (< HELD_OUT_SEED_START):
 * - sheet candidates: what the geometric pipeline proposes on a generated sheet, labelled by IoU with the truth;
 * - sheet truth: every truth symbol (box slightly jittered), and negatives cut where the pipeline's false
 *   candidates come from (texts and single letters, pipe corners, junctions and ends, pieces of pipe with their
 *   hops, dashes and arrows, parts of equipment outlines);
 * - library symbols drawn alone at random sizes, variants, turns and line widths, half with pipe stubs, and
 *   marks that are no symbol among them (arrows, dimension marks, strokes meeting at an angle, leaders).
 */
import { PDF_PAGE_OPTIONS } from '../ingest/pdf-options';
import { renderPdfPage } from '@pid/platform/imaging';
import type { PixelBox, TruthSheet } from '../benchmark/ground-truth';
import { iou } from '../benchmark/geometry';
import { loadPageImage } from '../ingest/page-image';
import { analyzePage } from '../pipeline/analyze-page';
import {
  DRAFTING_STYLES,
  drawSymbol,
  generateSyntheticDrawing,
  HELD_OUT_SEED_START,
  PdfCanvas,
  placedPorts,
  SYMBOL_CLASSES,
  symbolBox,
  type DegradeOptions,
  type SyntheticOptions,
} from '../synthetic';
import { Prng } from '../synthetic/prng';
import { CLUTTER_KINDS, drawClutterMark } from './clutter-marks';
import { CROP_VALUES, cropInto, type CropBox, type GrayImage } from './crop';

export const NOT_A_SYMBOL = 'not_a_symbol';

/** Output classes in model order: the library's classes, then `not_a_symbol`. */
export function classifierClasses(): Array<{ className: string; elementType: string }> {
  return [
    ...SYMBOL_CLASSES.map((c) => ({ className: c.className, elementType: c.elementType })),
    { className: NOT_A_SYMBOL, elementType: 'none' },
  ];
}

export type SampleSource = 'candidate' | 'truth' | 'negative' | 'library' | 'clutter';

export interface Sample {
  className: string;
  source: SampleSource;
  box: CropBox;
}

/** Crops of one page image: CROP_VALUES each, in the order of `samples`. */
export interface CropSet {
  samples: Sample[];
  pixels: Float32Array;
}

/** Candidates between these IoUs are neither clearly the symbol nor clearly something else: left out. */
const POSITIVE_IOU = 0.5;
const NEGATIVE_IOU = 0.25;

const toBox = ([x0, y0, x1, y1]: PixelBox): CropBox => ({ x0, y0, x1, y1 });

export function cropAll(image: GrayImage, samples: Sample[]): CropSet {
  const pixels = new Float32Array(samples.length * CROP_VALUES);
  samples.forEach((sample, i) => cropInto(image, sample.box, pixels, i * CROP_VALUES));
  return { samples, pixels };
}

/** The training sheets: every style, all densities, A3, about half of them scanned. */
export function trainingSheets(count: number, seed: number): SyntheticOptions[] {
  const rng = new Prng(seed);
  const densities = ['sparse', 'normal', 'normal', 'dense'] as const;
  return Array.from({ length: count }, (_, i) => {
    const sheetSeed = 1000 + seed * 1000 + i;
    if (sheetSeed >= HELD_OUT_SEED_START) throw new RangeError(`Seed ${sheetSeed} belongs to the held-out set`);
    const degrade: DegradeOptions | false = rng.chance(0.5)
      ? {
          blur: rng.range(0.3, 1.3),
          noise: rng.range(4, 16),
          jpegQuality: rng.int(55, 90),
          rotationDeg: rng.chance(0.5) ? rng.range(-1.2, 1.2) : 0,
        }
      : false;
    return {
      seed: sheetSeed,
      style: DRAFTING_STYLES[i % DRAFTING_STYLES.length].name,
      density: densities[i % densities.length],
      paper: 'A3',
      degrade,
    };
  });
}

/** The symbols as drawn: a flange joint once, whole, though the truth lists its two flanges. */
function drawnSymbols(truth: TruthSheet): { className: string; bbox: PixelBox }[] {
  const joints = new Set<string>();
  return truth.symbols.flatMap(({ className, bbox, joint }) => {
    if (!joint) return [{ className, bbox }];
    const key = joint.join();
    if (joints.has(key)) return [];
    joints.add(key);
    return [{ className, bbox: joint }];
  });
}

/** Labels a box by the drawn symbol it matches; undefined when it is neither clearly one nor clearly none. */
function labelOf(box: PixelBox, symbols: { className: string; bbox: PixelBox }[]): string | undefined {
  let best = 0;
  let className = NOT_A_SYMBOL;
  for (const symbol of symbols) {
    const overlap = iou(box, symbol.bbox);
    if (overlap > best) [best, className] = [overlap, symbol.className];
  }
  if (best >= POSITIVE_IOU) return className;
  return best < NEGATIVE_IOU ? NOT_A_SYMBOL : undefined;
}

const around = (x: number, y: number, half: number): PixelBox => [x - half, y - half, x + half, y + half];

/** Negatives where false candidates come from, kept only where they do not overlap a symbol. */
function truthNegatives(truth: TruthSheet, symbols: { bbox: PixelBox }[], unit: number, rng: Prng): PixelBox[] {
  const boxes: PixelBox[] = [];
  for (const text of truth.texts) {
    const [x0, y0, x1, y1] = text.bbox;
    boxes.push(text.bbox);
    // One letter (or two) of it.
    const vertical = y1 - y0 > x1 - x0;
    const size = vertical ? x1 - x0 : y1 - y0;
    const length = size * rng.range(0.6, 1.4);
    if (vertical && y1 - y0 > length) {
      const start = rng.range(y0, y1 - length);
      boxes.push([x0, start, x1, start + length]);
    } else if (!vertical && x1 - x0 > length) {
      const start = rng.range(x0, x1 - length);
      boxes.push([start, y0, start + length, y1]);
    }
  }
  for (const pipe of truth.pipes) {
    const points = pipe.polyline;
    // Corners, and the ends (T junctions, dots, arrows at connectors); ends at a symbol fail the overlap test.
    for (const [x, y] of points)
      boxes.push(around(x + rng.range(-0.5, 0.5) * unit, y + rng.range(-0.5, 0.5) * unit, unit * rng.range(0.4, 1.2)));
    // Somewhere along the pipe: hops, gaps, dashes, flow arrows, line numbers beside it.
    for (let i = 1; i < points.length; i++) {
      if (!rng.chance(0.5)) continue;
      const t = rng.next();
      const [ax, ay] = points[i - 1];
      const [bx, by] = points[i];
      boxes.push(around(ax + (bx - ax) * t, ay + (by - ay) * t, unit * rng.range(0.3, 1.5)));
    }
  }
  for (const symbol of truth.symbols) {
    if (symbol.elementType !== 'equipment') continue;
    const [x0, y0, x1, y1] = symbol.bbox;
    const w = (x1 - x0) * rng.range(0.2, 0.5);
    const h = (y1 - y0) * rng.range(0.2, 0.5);
    const x = rng.chance(0.5) ? x0 : x1 - w;
    const y = rng.chance(0.5) ? y0 : y1 - h;
    boxes.push([x, y, x + w, y + h]);
  }
  return boxes.filter((box) => symbols.every((symbol) => iou(box, symbol.bbox) < NEGATIVE_IOU / 2));
}

function jitter([x0, y0, x1, y1]: PixelBox, rng: Prng, amount: number): PixelBox {
  const w = x1 - x0;
  const h = y1 - y0;
  const d = () => rng.range(-amount, amount);
  return [x0 + d() * w, y0 + d() * h, x1 + d() * w, y1 + d() * h];
}

/** All samples of one generated sheet: the pipeline's candidates, the truth symbols and the negatives. */
export async function sheetCrops(options: SyntheticOptions): Promise<CropSet> {
  const drawing = await generateSyntheticDrawing(options);
  // No deskew: candidates then share the raster's pixel space with the (already rotated) truth.
  const image = await loadPageImage(drawing.raster, { maxProcessingPixels: 100_000_000, pdf: PDF_PAGE_OPTIONS, deskew: false });
  const { truth } = drawing;
  const rng = new Prng(options.seed).fork('classifier');
  const samples: Sample[] = [];
  const add = (box: PixelBox, className: string, source: SampleSource) => samples.push({ className, source, box: toBox(box) });

  const drawn = drawnSymbols(truth);
  const analysis = await analyzePage(image, {});
  for (const element of analysis.elements) {
    const { x, y, width, height } = element.boundingBox;
    const box: PixelBox = [x, y, x + width, y + height];
    const label = labelOf(box, drawn);
    if (label) add(box, label, 'candidate');
  }
  for (const symbol of drawn) {
    add(symbol.bbox, symbol.className, 'truth');
    add(jitter(symbol.bbox, rng, 0.06), symbol.className, 'truth');
  }
  const unit = DRAFTING_STYLES.find((style) => style.name === drawing.options.style)?.unit ?? 20;
  for (const box of truthNegatives(truth, drawn, unit, rng)) add(box, NOT_A_SYMBOL, 'negative');
  return cropAll(image, samples);
}

/**
 * Library symbols drawn alone on one page in a grid: every class `perClass` times, at a random size, variant,
 * allowed turn, mirror and line width; half of them with pipe stubs at their ports, as on a sheet. Then each
 * kind of clutter mark `perClass` times, as no symbol.
 */
export async function libraryPage(seed: number, perClass: number): Promise<{ image: GrayImage; samples: Sample[] }> {
  if (seed >= HELD_OUT_SEED_START) throw new RangeError(`Seed ${seed} belongs to the held-out set`);
  const rng = new Prng(seed).fork('library');
  const cell = 240;
  const columns = 16;
  const jobs = SYMBOL_CLASSES.flatMap((symbolClass) => Array.from({ length: perClass }, () => symbolClass));
  const clutter = CLUTTER_KINDS.flatMap((kind) => Array.from({ length: perClass }, () => kind));
  const rows = Math.ceil((jobs.length + clutter.length) / columns);
  const canvas = await PdfCanvas.create(columns * cell, rows * cell, `library-${seed}`);
  const samples: Sample[] = [];
  const centerOf = (i: number): [number, number] => [((i % columns) + 0.5) * cell, (Math.floor(i / columns) + 0.5) * cell];
  jobs.forEach((symbolClass, i) => {
    const center = centerOf(i);
    const variant = rng.pick(symbolClass.variants);
    // Sizes and line weights beyond the sheets' styles: a CAD plot's hairlines on a large symbol, a valve body
    // drawn long or short. Fittings keep their proportions: a flange pair's spacing against its bars' length is
    // what tells it from an orifice plate.
    const placement = {
      center,
      unit: rng.range(12, 36),
      quarterTurns: rng.pick(symbolClass.quarterTurns),
      mirror: rng.chance(0.5),
      lineWidth: rng.range(1, 4),
      stretch: symbolClass.elementType === 'valve' ? rng.range(0.8, 1.5) : 1,
    };
    // Large equipment is shrunk to fit its cell with room for the stubs.
    const fit = symbolBox(variant, placement);
    placement.unit *= Math.min(1, (cell * 0.6) / Math.max(fit[2] - fit[0], fit[3] - fit[1]));
    let box = drawSymbol(canvas, variant, placement);
    if (rng.chance(0.5)) {
      for (const port of placedPorts(variant, placement)) {
        const length = rng.range(0.5, 1.5) * placement.unit;
        const end: [number, number] = [port.at[0] + port.dir[0] * length, port.at[1] + port.dir[1] * length];
        canvas.path([port.at, end], { width: placement.lineWidth * rng.range(1, 1.6), dash: port.kind === 'signal' ? [6, 4] : undefined });
      }
    }
    box = jitter(box, rng, 0.03);
    // A label beside it, as sheets write sizes and tags next to valves: partly inside the crop's margin.
    if (rng.chance(0.3)) {
      const size = placement.unit * rng.range(0.6, 1.1);
      const gap = placement.unit * rng.range(0.2, 0.6);
      const [x0, y0, x1, y1] = box;
      const [x, y] = rng.chance(0.5) ? [x1 + gap, (y0 + y1) / 2 + size / 3] : [(x0 + x1) / 2 - size, y0 - gap];
      canvas.text(rng.pick(LABELS), x, y, { font: rng.pick(['Helvetica', 'Courier', 'Times'] as const), size });
    }
    samples.push({ className: symbolClass.className, source: 'library', box: toBox(box) });
  });
  clutter.forEach((kind, i) => {
    const box = drawClutterMark(canvas, kind, centerOf(jobs.length + i), rng.range(12, 26), rng.range(1.6, 4), rng);
    samples.push({ className: NOT_A_SYMBOL, source: 'clutter', box: toBox(jitter(box, rng, 0.03)) });
  });
  const page = await renderPdfPage(await canvas.save(), 1, PDF_PAGE_OPTIONS);
  const image = await loadPageImage(page.png, { maxProcessingPixels: 100_000_000, pdf: PDF_PAGE_OPTIONS, deskew: false });
  return { image, samples };
}

/** Sizes, tags and notes as sheets write them beside a valve or fitting. */
const LABELS = ['3/4"', '2"', '1-1/2"', '6"x4"', 'NC', 'LO', 'FC', 'V-12', 'HV-101', 'XV-2031'];

export async function libraryCrops(seed: number, perClass: number): Promise<CropSet> {
  const { image, samples } = await libraryPage(seed, perClass);
  return cropAll(image, samples);
}

export interface CropSource {
  /** In the held-out split (every fifth sheet and library page: split by sheet, never by crop). */
  heldOut: boolean;
  name: string;
  crops: () => Promise<CropSet>;
}

/** The generated sheets and library pages of a training run, in order, each marked train or held out. */
export function cropSources(seed: number, sheetCount: number, libraryPages: number): CropSource[] {
  const sheets = trainingSheets(sheetCount, seed).map((options, i) => ({
    heldOut: i % 5 === 4,
    name: `sheet ${options.seed} (${options.style}${options.degrade ? ', scanned' : ''})`,
    crops: () => sheetCrops(options),
  }));
  const pages = Array.from({ length: libraryPages }, (_, i) => ({
    heldOut: i % 5 === 4,
    name: `library page ${50_000 + seed * 1000 + i}`,
    crops: () => libraryCrops(50_000 + seed * 1000 + i, 6),
  }));
  return [...sheets, ...pages];
}
