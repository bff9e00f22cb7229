import type { PageImage } from '../../ingest/page-image';
import type { VectorPage } from '../../vector/vector-page';
import type { VectorText } from '../../vector/vector-text';
import { binarize } from '../binarize';
import {
  boxArea,
  boxesTouch,
  boxIou,
  boxWithin,
  connectedComponents,
  overlapArea,
  type Box,
  type Component,
  type InkImage,
} from '../components';
import { findDashChains } from '../dash-chains';
import { FAINT_LIFT, withFaintExtents } from '../faint-text';
import { flangeJoints } from '../flange-joints';
import { findHatchedBands } from '../hatched-bands';
import { bridgeGaps, bridgeHops, inkAlongMask } from '../hops';
import { eraseLeaders } from '../leaders';
import { bridgeRings, onRingMark } from '../ring-marks';
import { drawingArea, removeLines, segmentBox, segmentCenter, segmentLength, type Segment } from '../lines';
import { cutStubs } from '../stubs';
import { barComponents } from '../symbol-bars';
import { findSymbols, type DetectedSymbol } from '../symbols';
import { findTables, insideAny } from '../tables';
import { maxTextSize, type TextLine } from '../text-lines';
import { ruleOn, type RuleModule } from '../rule-modules';
import type { PageLines } from './page-lines';

/** The page's ink once lines are taken out, grouped into symbol candidates, text lines and pipes. */
export interface SymbolCandidates {
  /** The ink left once lines are removed and leaders erased. */
  rest: InkImage;
  /** The page's ink taken lighter than its threshold (light-grey scanned text). */
  faintInk: InkImage;
  components: Component[];
  /** Pipes: lines with hops and gaps bridged, stubs and dash chains. */
  lineSegments: Segment[];
  solidLines: Segment[];
  /** Filled dots: junctions where lines meet. */
  dots: Box[];
  /** Segments that are part of a symbol's outline, not pipes. */
  outlines: Set<Segment>;
  /** The text layer's texts, where the PDF has one. */
  vectorTexts?: VectorText[];
  layerLines: TextLine[];
  /** Text lines found in the pixels (those the layer lacks). */
  pixelTextLines: TextLine[];
  /** Inside the sheet's frame (the title block, tables and the margin are not part of the process). */
  area: Box;
  /** Whether a box is part of the process: in the frame, in no table, no data link's ring mark. */
  kept: (box: Box) => boolean;
  /** Whether a box lies in hatching between two lines (insulation, a wall, the ground), which holds no symbol. */
  inHatching: (box: Box) => boolean;
  /** The candidates: the pixels', the PDF's path groups in their place where it has them; those with bars marked. */
  symbols: DetectedSymbol[];
  flanges: BarredFlanges;
}

/** Flanges found as two bars across a pipe, and the candidates they account for. */
export interface BarredFlanges {
  /** New flanges, where no candidate is the pair already. */
  flanges: DetectedSymbol[];
  /** Candidates that are a pair already: kept as flanges. */
  pairTwins: Set<DetectedSymbol>;
  /** Candidates that are a joint's bars or parts: the joint replaces them. */
  flangeBars: Set<DetectedSymbol>;
  /** Joints with a plate between their flanges. */
  plated: Array<{ box: Box }>;
}

/** What makes a candidate a flange. */
export const FLANGE = { elementType: 'fitting', description: 'flange', barred: true } as const;

/**
 * The ink once lines are taken out: leaders erased, pipe stubs cut, dash chains, hops and data-link rings found; and
 * the pipes, with hops, rings and gaps bridged.
 */
function inkApart({ ink, lineOptions, allSegments, segments, unit }: PageLines, without?: ReadonlySet<RuleModule>) {
  const { mask, width, height } = ink;
  const rest = removeLines(mask, width, height, allSegments, 4 * lineOptions.minLength);
  // Leaders longer than a letter would glue what they point at to its bubble or tag.
  eraseLeaders(rest, width, height, allSegments, unit, { minLength: maxTextSize(unit), minShape: 2 * maxTextSize(unit) });
  const stubs = cutStubs(rest, width, height, segments, unit);
  const components = connectedComponents(rest, width, height);
  const dashChains = findDashChains(components, unit, { mask: rest, width, height }, stubs, { mask, width, height });
  // Hops first: a hop's feet leave a gap small enough to bridge, and the arc must go too.
  const solidStubs = stubs.filter((stub) => !dashChains.stubs.has(stub));
  const bridged = bridgeHops(components, [...segments, ...solidStubs, ...dashChains.segments], unit);
  const ringed = ruleOn(without, 'ring-marks')
    ? bridgeRings(components, bridged.segments, { mask: rest, width, height }, unit)
    : { segments: bridged.segments, rings: [] };
  const lineSegments = bridgeGaps(ringed.segments, unit, inkAlongMask(mask, width, height));
  const rings = new Set(ringed.rings);
  const symbolParts = components.filter((c) => !dashChains.dashes.has(c) && !bridged.hops.has(c) && !rings.has(c));
  return { rest, components, lineSegments, symbolParts, rings: ringed.rings };
}

/** Groups the ink left once lines are removed into symbol candidates and text lines, and finds the page's process area. */
export function symbolCandidates(
  image: PageImage,
  lines: PageLines,
  vector: VectorPage | undefined,
  without?: ReadonlySet<RuleModule>,
): SymbolCandidates {
  const { width, height } = image;
  const { lineOptions, bars, allSegments, unit } = lines;
  const { rest, components, lineSegments, symbolParts, rings } = inkApart(lines, without);
  const vectorTexts = vector?.texts;
  const layerLines = (vectorTexts ?? []).map((text) => text.line);
  const found = findSymbols(symbolParts, lineSegments, width, height, unit, rest, layerLines);
  // The title block, tables and the margin outside the frame are not part of the process.
  const area = drawingArea(allSegments, width, height);
  // Text the layer lacks (drawn as strokes, or in a scan on the page) is still found in the pixels, for OCR;
  // a "line" of pixels that reaches into a layer text is that text with a symbol beside it.
  const faintInk: InkImage = { mask: binarize(image.gray, FAINT_LIFT), width, height };
  const pixelTextLines = vectorTexts
    ? found.textLines.filter((line) => textCover(line, layerLines) < 0.05)
    : withFaintExtents(found.textLines, faintInk.mask, width, height, allSegments, unit, 4 * lineOptions.minLength);
  const tables = ruleOn(without, 'tables') ? findTables(allSegments, [...layerLines, ...pixelTextLines], unit) : [];
  // A data link's rings are the line's marks, whatever reads them as symbols.
  const onRing = onRingMark(rings);
  const kept = (box: Box) => insideAny([area], box) && !insideAny(tables, box) && !onRing(box);
  // Letters the pixels took for a symbol, or a "text" blob reaching into a layer text, are that text; a
  // symbol with its own ink round the text (a bubble full of its tag) is not.
  const allBars = [...bars, ...barComponents(symbolParts, lineSegments, unit)];
  const restInk: InkImage = { mask: rest, width, height };
  const layerText = (symbol: DetectedSymbol) =>
    symbol.elementType === 'text'
      ? textCover(symbol, layerLines) >= 0.05
      : textCover(symbol, layerLines) >= 0.6 && inkOutside(symbol, layerLines, restInk) < 0.2;
  const pixelSymbols = (vectorTexts ? found.symbols.filter((symbol) => !layerText(symbol)) : found.symbols).map((symbol) =>
    holdsTwoBars(symbol, allBars, unit) ? { ...symbol, barred: true } : symbol,
  );
  const candidates = vector
    ? withShapes(pixelSymbols, vector.shapes, [...vector.stubs.map(segmentBox), ...found.dots], pixelTextLines, unit, restInk)
    : pixelSymbols;
  const solidLines = lineSegments.filter((segment) => !segment.dashed);
  // Hatching between two lines (insulation, a wall, the ground) holds no symbol.
  const hatched = ruleOn(without, 'hatched-bands') ? findHatchedBands(solidLines, restInk, unit) : [];
  const inHatching = (box: Box) => hatched.some((band) => overlapArea(box, band) >= 0.5 * boxArea(box));
  return {
    rest: restInk,
    faintInk,
    components,
    lineSegments,
    solidLines,
    dots: found.dots,
    outlines: found.outlines,
    vectorTexts,
    layerLines,
    pixelTextLines,
    area,
    kept,
    inHatching,
    symbols: candidates,
    flanges: ruleOn(without, 'flange-joints')
      ? barredFlanges(lines.ink, candidates, solidLines, kept, unit)
      : { flanges: [], pairTwins: new Set(), flangeBars: new Set(), plated: [] },
  };
}

/**
 * Flanges as two bars across a pipe: a symbol whatever the classifier thinks (it knows flanges inline, not at a
 * pipe's end). One inside a larger candidate is part of another symbol. A candidate that is the pair already is
 * kept as such; smaller ones on a pair are its bars, and the pair replaces them.
 */
function barredFlanges(
  ink: InkImage,
  candidates: DetectedSymbol[],
  solidLines: Segment[],
  kept: (box: Box) => boolean,
  unit: number,
): BarredFlanges {
  const overlapping = (box: Box) =>
    candidates.filter((symbol) => symbol.elementType !== 'text' && overlapArea(symbol, box) >= 0.3 * boxArea(box));
  // A joint with a plate between its flanges is read by its bars alone (the classifier knows no such joint): the
  // candidates within it are its parts; a larger one is the blind the plate belongs to, drawn beside it.
  const joints = flangeJoints(ink, solidLines, unit)
    .filter(({ box }) => kept(box))
    .map(({ box, plate }) => ({ box, plate, over: overlapping(box).filter((symbol) => !plate || boxArea(symbol) <= 2 * boxArea(box)) }))
    .filter(({ box, over }) => over.every((symbol) => boxArea(symbol) <= 2 * boxArea(box)));
  const pairs = joints.filter(({ plate }) => !plate);
  const pairTwins = new Set(pairs.flatMap(({ box, over }) => over.filter((symbol) => boxIou(symbol, box) >= 0.5)));
  const newPairs = pairs.filter(({ over }) => !over.some((symbol) => pairTwins.has(symbol)));
  const plated = joints.filter(({ plate }) => plate);
  const flanges = newPairs.map(({ box }): DetectedSymbol => ({ ...box, ...FLANGE, confidence: 0.6 }));
  const flangeBars = new Set([...newPairs, ...plated].flatMap(({ over }) => over));
  return { flanges, pairTwins, flangeBars, plated };
}

/**
 * Symbol candidates on a page with paths. The PDF's path groups are exact where the pixels are not: a
 * candidate the pixels found that is mostly a path group (an off-page connector whose long edges went with
 * the lines, a valve split in two) becomes that group, and so does one whose ink lies in several groups but
 * for the pipe stubs and junction dots between them (`between`: valves strung on a short leg, valves side
 * by side on two pipes, which the pixels chained together). A group the pixels gave nothing for (a fitting whose
 * strokes merged with its pipe's) is provisional: kept only when the classifier names it. Barred candidates and ones far
 * larger than any group (equipment) stay as the pixels found them. Text drawn as strokes is paths too:
 * groups that the pixels read as text are letters.
 */
function withShapes(
  symbols: DetectedSymbol[],
  shapes: Box[],
  between: Box[],
  texts: TextLine[],
  unit: number,
  ink: InkImage,
): DetectedSymbol[] {
  const taken = new Map<Box, DetectedSymbol>();
  const kept: DetectedSymbol[] = [];
  for (const symbol of symbols) {
    const under = shapes.filter((shape) => overlapArea(shape, symbol) > 0);
    // What the pixels took for letters, where paths are drawn, is those paths.
    const explained =
      symbol.elementType === 'text' ||
      under.reduce((sum, shape) => sum + overlapArea(shape, symbol), 0) >= 0.5 * boxArea(symbol) ||
      (under.length >= 2 && inkOutside(symbol, [...under, ...between], ink) < 0.2);
    // Bars across a pipe with what lies between them are one symbol, however many paths draw it.
    if (under.length === 0 || !explained || symbol.barred) {
      kept.push(symbol);
      continue;
    }
    for (const shape of under) {
      const best = taken.get(shape);
      if (!best || overlapArea(shape, symbol) > overlapArea(shape, best)) taken.set(shape, symbol);
    }
  }
  const provisionalAt = (shape: Box): DetectedSymbol => ({
    ...shape,
    elementType: 'fitting',
    description: 'symbol',
    confidence: 0.4,
    provisional: true,
  });
  const snapped = [...taken].map(([shape, symbol]) => (symbol.elementType === 'text' ? provisionalAt(shape) : { ...symbol, ...shape }));
  const provisional = shapes
    .filter((shape) => !taken.has(shape) && !kept.some((symbol) => boxesTouch(shape, symbol, unit)) && textCover(shape, texts) < 0.5)
    .map(provisionalAt);
  return [...kept, ...snapped, ...provisional];
}

/**
 * Whether a box holds two bars across a pipe of about one length, side by side along it and apart (a stroke
 * found twice, as line and as component, is one; the two edges of a thick stroke are not two bars).
 */
function holdsTwoBars(box: Box, bars: Segment[], unit: number): boolean {
  const inside = bars.filter((bar) => boxWithin(segmentBox(bar), box, 1));
  const sideBySide = (a: Segment, b: Segment) =>
    a.orientation === b.orientation &&
    Math.max(segmentLength(a), segmentLength(b)) <= 1.5 * Math.min(segmentLength(a), segmentLength(b)) &&
    Math.abs(segmentCenter(a) - segmentCenter(b)) >= Math.max(2 * unit, 0.25 * Math.min(segmentLength(a), segmentLength(b))) &&
    Math.min(a.end, b.end) - Math.max(a.start, b.start) >= 0.5 * Math.min(segmentLength(a), segmentLength(b));
  return inside.some((a) => inside.some((b) => sideBySide(a, b)));
}

/** The share of a box that text boxes cover. */
function textCover(box: Box, lines: TextLine[]): number {
  const covered = lines.reduce((sum, line) => sum + overlapArea(box, line), 0);
  return Math.min(1, covered / boxArea(box));
}

/** The share of the ink in a box that lies outside the given boxes: a bubble's ring round its text. */
function inkOutside(box: Box, boxes: Box[], { mask, width, height }: InkImage): number {
  const near = boxes.filter((other) => overlapArea(box, other) > 0);
  let ink = 0;
  let beside = 0;
  for (let y = Math.max(0, Math.floor(box.y0)); y <= Math.min(height - 1, box.y1); y++) {
    for (let x = Math.max(0, Math.floor(box.x0)); x <= Math.min(width - 1, box.x1); x++) {
      if (!mask[y * width + x]) continue;
      ink++;
      if (!near.some((other) => x >= other.x0 && x <= other.x1 && y >= other.y0 && y <= other.y1)) beside++;
    }
  }
  return ink === 0 ? 0 : beside / ink;
}
