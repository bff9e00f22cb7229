import type { ColourScheme, DegradeOptions, LayerPalette } from '../degrade';
import type { DraftingStyle, LabelledConnectors } from '../drafting-styles';
import type { FontName } from '../pdf-canvas';
import { labelDraw, Prng } from '../prng';
import type { Orientation, Paper } from '../sheet-generator';
import { PAPER_PIXELS } from '../sheet-generator';
import type { Density } from '../process-layout';
import type { SymbolMix } from './symbol-catalog';

/** The layout's resolution: plans give sizes in its pixels, and a rendition at `dpi` scales them by dpi / LAYOUT_DPI. */
export const LAYOUT_DPI = 200;

/**
 * Everything chosen at random for one corpus sheet, and recorded in its truth: page, resolution, drafting style,
 * symbol mix, furniture and scan damage. Sizes are in pixels of the 200-dpi layout space unless named otherwise.
 * The ranges are set from drafting practice (ISO 128 line widths 0.13–1.4 mm, lettering 1.8–7 mm), not from any
 * real sheet.
 */
export interface SheetPlan {
  seed: number;
  paper: Paper;
  orientation: Orientation;
  density: Density;
  /** Resolution the page is rendered at. */
  dpi: number;
  style: DraftingStyle;
  symbols: SymbolMix;
  furniture: FurnitureMix;
  damage: DegradeOptions | false;
}

/** How many of each piece of sheet furniture to try to fit. */
export interface FurnitureMix {
  clouds: number;
  hatches: number;
  dimensions: number;
  stamps: number;
  tables: number;
  notes: number;
  /** Slope marks beside process lines. */
  slopes: number;
}

const PAPERS: readonly (readonly [Paper, number])[] = [
  ['A4', 2],
  ['A3', 4],
  ['A2', 2],
  ['A1', 1.5],
  ['A0', 0.5],
];
const DPIS: readonly (readonly [number, number])[] = [
  [100, 1],
  [150, 2],
  [200, 3],
  [250, 1],
  [300, 2],
  [400, 1],
];
/** A rendition stays under this many pixels: A0 is drawn at up to 150 dpi, A1 up to 200. */
const MAX_PIXELS = 40e6;
const FONTS: readonly (readonly [FontName, number])[] = [
  ['Helvetica', 3],
  ['Courier', 1],
  ['Times', 1],
  ['Stroked', 3],
  ['StrokedMedium', 1],
  ['StrokedSerif', 1],
];
/** Signal-line dash patterns, in units of the line's own width: dashes, dash-dot, dash-dot-dot, fine dots. */
const DASHES: readonly number[][] = [
  [6, 4],
  [8, 4],
  [4, 3],
  [10, 3, 2, 3],
  [10, 3, 2, 3, 2, 3],
  [2, 2.5],
];

const COLOURS = ['blueprint', 'blue-ink', 'sepia', 'red-ink', 'green-ink'] as const;
const PALETTES: readonly LayerPalette[] = ['black-red-blue', 'green-magenta-black', 'blue-red-black'];

/** A colour sheet on paper (not a blueprint) is drawn in layers of their own ink half the time. */
function colouring(rng: Prng): Pick<DegradeOptions, 'colour' | 'layerInks'> {
  const colour: ColourScheme = rng.pick(COLOURS);
  return colour !== 'blueprint' && rng.chance(0.5) ? { colour, layerInks: rng.pick(PALETTES) } : { colour };
}

/** The plan of sheet `seed`: the same seed, the same plan. */
export function planSheet(seed: number): SheetPlan {
  const rng = new Prng(seed);
  const paper = rng.weighted(PAPERS);
  const orientation: Orientation = paper === 'A4' || rng.chance(0.2) ? rng.pick(['portrait', 'landscape'] as const) : 'landscape';
  const { width, height } = PAPER_PIXELS[paper];
  const largest = Math.sqrt(MAX_PIXELS / (width * height)) * LAYOUT_DPI;
  const dpi = Math.min(rng.weighted(DPIS), Math.floor(largest / 10) * 10);
  return {
    seed,
    paper,
    orientation,
    density: rng.weighted([
      ['sparse', 1],
      ['normal', 3],
      ['dense', paper === 'A0' || paper === 'A1' ? 0.5 : 1.5],
    ] as const),
    dpi,
    style: randomStyle(rng.fork('style'), seed),
    symbols: {
      thirdParty: rng.range(0.3, 0.8),
      filled: rng.pick([0, 0.1, 0.5, 0.9]),
      actuated: rng.range(0, 0.5),
      flanged: rng.pick([0, 0, 0.3, 0.8]),
      touching: rng.pick([0, 0.1, 0.25, 0.5]),
      tagsTouching: rng.pick([0, 0.2, 0.5, 0.9]),
    },
    furniture: {
      clouds: rng.int(0, 2),
      hatches: rng.int(0, 3),
      dimensions: rng.int(0, 3),
      stamps: rng.int(0, 2),
      tables: rng.int(0, 2),
      notes: rng.int(0, 4),
      slopes: rng.int(0, 3),
    },
    damage: rng.chance(0.7) ? randomDamage(rng.fork('damage'), dpi) : rng.chance(0.15) ? colouring(rng) : false,
  };
}

function randomStyle(rng: Prng, seed: number): DraftingStyle {
  // Line spacing (the routing step) sets symbol size; lines and lettering are chosen against it.
  const unit = rng.int(12, 30);
  // Hairline to heavy: 1 to 10 px at 200 dpi (0.13–1.3 mm), never more than 0.4 of the spacing.
  const processWidth = Math.min(
    rng.weighted([
      [rng.range(1, 2.5), 2],
      [rng.range(2.5, 5), 3],
      [rng.range(5, 10), 1.5],
    ] as const),
    unit * 0.4,
  );
  const signalWidth = Math.max(0.8, processWidth * rng.range(0.3, 0.8));
  const textSize = Math.round(unit * rng.range(0.9, 1.6));
  const dash = rng.pick(DASHES);
  const dashScale = Math.max(2, signalWidth) * rng.range(1, 2);
  return {
    name: `corpus-${seed}`,
    unit,
    processWidth,
    signalWidth,
    symbolWidth: Math.max(0.8, processWidth * rng.range(0.5, 1.1)),
    signalDash: dash.map((value) => value * dashScale),
    font: rng.weighted(FONTS),
    textSize,
    bubbleTextSize: Math.round(Math.min(textSize * 0.85, unit * 1.05)),
    junctionDots: rng.chance(0.5),
    crossing: rng.pick(['plain', 'gap', 'hop'] as const),
    flowArrows: rng.chance(0.6),
    variantSeed: rng.int(0, 2),
    variantMix: rng.range(0.1, 0.6),
    lineNumberFormat: rng.pick(['short', 'long'] as const),
    // Drawn last, so that the draws above stay as they were before marked lines.
    ...signalMarking(rng),
    ...(rng.chance(0.5) ? { labelledConnectors: { share: rng.range(0.5, 1), ...connectorLayout(seed) } } : {}),
    utilityConnections: rng.chance(0.4),
  };
}

/**
 * Rows or cells; half the celled sheets draw them as one fixed block; half of all outlined with a finer pen (label
 * draws: the other draws stay as they were).
 */
function connectorLayout(seed: number): Pick<LabelledConnectors, 'layout' | 'block' | 'thin'> {
  const draw = (what: string) => labelDraw(`corpus-${seed}/connector-${what}`);
  const thin = draw('thin') < 0.5 ? { thin: 0.35 + 0.35 * draw('thin-weight') } : {};
  if (draw('layout') >= 0.5) return { layout: 'rows', ...thin };
  if (draw('block') >= 0.5) return { layout: 'cells', ...thin };
  return { layout: 'cells', block: [3.5 + 2 * draw('block-first'), 7 + 4 * draw('block-second')], ...thin };
}

/** A third of the sheets draw some of their signal lines with ISA marks (pneumatic ones most often). */
function signalMarking(rng: Prng): Pick<DraftingStyle, 'signalMarks'> {
  if (!rng.chance(1 / 3)) return {};
  const kind = rng.weighted([
    ['pneumatic', 3],
    ['data-link', 2],
    ['capillary', 1],
  ] as const);
  return { signalMarks: { kind, share: rng.range(0.3, 1) } };
}

/** Scan damage; blur and bleed are in pixels of the rendition, so they scale with its resolution. */
function randomDamage(rng: Prng, dpi: number): DegradeOptions {
  const perPixel = dpi / LAYOUT_DPI;
  const some = <T>(probability: number, value: () => T): T | undefined => (rng.chance(probability) ? value() : undefined);
  return {
    blur: some(0.6, () => rng.range(0.3, 1.5) * perPixel),
    noise: some(0.5, () => rng.range(3, 20)),
    jpegQuality: some(0.6, () => rng.int(35, 92)),
    rotationDeg: some(0.6, () => rng.range(-3, 3)),
    speckle: some(0.4, () => rng.range(0.00005, 0.0008)),
    fade: some(0.3, () => rng.range(0.1, 0.55)),
    breaks: some(0.3, () => rng.range(0.0003, 0.003)),
    bleed: some(0.35, () => rng.pick([-1, 1, 1, 2]) * Math.max(1, Math.round(perPixel))),
    background: some(0.4, () => rng.range(10, 45)),
    ...(rng.chance(0.2) ? colouring(rng) : {}),
  };
}
