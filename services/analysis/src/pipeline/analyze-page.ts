import type { AnalysisConnection, AnalysisElement, BoundingBox, ImageSize, PathSegment, RelationshipType } from '@pid/contracts';
import { toOriginalPoint, type PageImage } from '../ingest/page-image';
import { binarize } from './binarize';
import {
  boxArea,
  boxesTouch,
  boxHeight,
  boxIou,
  boxOf,
  boxWidth,
  boxWithin,
  connectedComponents,
  overlapArea,
  unionBox,
  type Box,
  type InkImage,
} from './components';
import { splitAtBareStrokes, type BareStrokeSplit } from './bare-strokes';
import { cutInTwo, inkIn, NAMED_CUT_INK_SHARE, pieceBoxes, trimmedBoxes, unmarkedBoxes } from './trimmed-candidates';
import { closedOutline } from './closed-outlines';
import { clearOfHeads, findArrowheads, findSpecBreaks } from './spec-breaks';
import { findSpectacleBlinds, flangesBeside } from './spectacle-blinds';
import { joinStackedTags } from './stacked-tags';
import { eraseLeaders } from './leaders';
import { findHatchedBands } from './hatched-bands';
import { axisWindows, bestWindows, type AxisWindow } from './axis-windows';
import { findDashChains } from './dash-chains';
import { FAINT_LIFT, withFaintExtents } from './faint-text';
import { cutStubs } from './stubs';
import { bridgeGaps, bridgeHops } from './hops';
import { traceConnections } from './connections';
import {
  defaultLineOptions,
  drawingArea,
  findLineSegments,
  isBorder,
  removeLines,
  segmentBox,
  segmentCenter,
  segmentLength,
  type Segment,
} from './lines';
import { findTables, insideAny } from './tables';
import { nozzlesOnEquipmentLines } from './equipment-lines';
import { labelBoxes, lettersTakenForSymbols } from './label-boxes';
import { withoutSections, withStackedParts } from './equipment-parts';
import { splitJoints, type Bolted } from './flange-faces';
import { flangeJoints } from './flange-joints';
import { findNozzles, NOZZLE, type Nozzle } from './nozzles';
import type { SymbolClassifier, SymbolPrediction } from '../classifier/symbol-classifier';
import type { SymbolDetector } from '../symbols/detector/symbol-detector';
import { detectedSymbols, withDetections } from '../symbols/detected-symbols';
import { withTextAsPaper, type GrayImage } from '../classifier/crop';
import { barComponents, findSymbols, strokeUnit, symbolBars, type DetectedSymbol } from './symbols';
import { attachTexts, normaliseTag, pathCarries, type ReadLine } from './text-attachment';
import { parseLineNumber } from '../tags/line-number';
import { maxTextSize, stackedOver, type TextLine } from './text-lines';
import { withPixelSegments } from '../vector/vector-lines';
import type { VectorPage } from '../vector/vector-page';
import type { VectorText } from '../vector/vector-text';
import type { SymbolMode } from '../symbols/symbol-mode';
import { parseIsaTag } from '../tags/isa-tag';
import { bubbleSized, centredIn, filledByText, readBubble, settleBubbles, withoutMarks } from './bubble-reading';
import { cropGray, turnRegion, type TextReader, type TextReading } from './text-reader';

export type AnalysisStage = 'rendering' | 'lines' | 'symbols' | 'text' | 'connections' | 'saving';

/** Where each stage starts, in percent of the whole job. */
export const STAGE_PROGRESS: Record<AnalysisStage, { progress: number; message: string }> = {
  rendering: { progress: 5, message: 'Rendering the drawing' },
  lines: { progress: 20, message: 'Finding lines' },
  symbols: { progress: 45, message: 'Finding symbols' },
  text: { progress: 65, message: 'Reading text' },
  connections: { progress: 75, message: 'Tracing connections' },
  saving: { progress: 95, message: 'Saving the results' },
};

export interface PageAnalysis {
  imageSize: ImageSize;
  elements: AnalysisElement[];
  connections: AnalysisConnection[];
  /** Line segments found (pipes, outlines, border), in original pixels; for overlays and checks. */
  lineCount: number;
  /** Share of ink pixels; zero on a blank page. */
  inkRatio: number;
}

export interface AnalyzeOptions {
  /** Called as each stage begins; may be async (progress events, heartbeats). */
  onStage?: (stage: AnalysisStage) => Promise<void> | void;
  page?: number;
  /** OCR for tags and text; without it, text is found but not read. */
  textReader?: () => Promise<TextReader>;
  /** The learned classifier: names each symbol's class and drops candidates that are not symbols. */
  symbolClassifier?: () => Promise<SymbolClassifier>;
  /** The learned detector: on a raster page, it finds and names the symbols in place of the candidates' rules. */
  symbolDetector?: () => Promise<SymbolDetector>;
  /** With the detector: its symbols alone (default), or the rules' symbols and the detector's where none stands. */
  symbolMode?: Exclude<SymbolMode, 'rules'>;
  /** At most this many regions are read (bubbles first). */
  maxTextRegions?: number;
  /** Called while long stages run (job heartbeats). */
  onTick?: () => void;
  /** A PDF page's own text and strokes, used instead of OCR and line finding where present. */
  vector?: VectorPage;
}

/**
 * A reading to keep: OCR sure enough of it, or, less sure, a tag or a line number (their shape vouches for the
 * reading: Tesseract is unsure of long scanned line numbers it reads right).
 */
const readable = (reading: TextReading) =>
  /[A-Za-z0-9]/.test(reading.text) &&
  (reading.confidence >= 0.5 ||
    (reading.confidence >= 0.25 && (normaliseTag(reading.text) !== undefined || parseLineNumber(reading.text) !== undefined)));

interface Readings {
  bubbles: Map<DetectedSymbol, TextReading>;
  lines: ReadLine[];
}

/**
 * Reads the tag in each bubble (`bubbleLike`, rings `unit` wide) and each line of text (turned lines turned back
 * first).
 */
async function readTexts(
  image: PageImage,
  bubbleLike: DetectedSymbol[],
  textLines: TextLine[],
  unit: number,
  options: AnalyzeOptions,
): Promise<Readings> {
  const bubbles = new Map<DetectedSymbol, TextReading>();
  const unread = (line: TextLine): ReadLine => ({ line, text: '', confidence: 0 });
  if (!options.textReader) return { bubbles, lines: textLines.map(unread) };
  const budget = options.maxTextRegions ?? 1500;
  // Short lines first: tags are short, notes long; what the budget leaves out is kept unread.
  const queue = [...textLines].sort((a, b) => a.x1 - a.x0 + (a.y1 - a.y0) - (b.x1 - b.x0 + (b.y1 - b.y0)));
  const toRead = new Set(queue.slice(0, Math.max(0, budget - bubbleLike.length)));
  if (bubbleLike.length + toRead.size === 0) return { bubbles, lines: textLines.map(unread) };
  const reader = await options.textReader();
  // Everything is asked for at once: a reader with several workers reads side by side. Each finished read ticks
  // (a long OCR keeps the job alive).
  const ticked = async <T>(reading: Promise<T>) => {
    const done = await reading;
    options.onTick?.();
    return done;
  };
  const bubbleReadings = await Promise.all(
    bubbleLike.map((symbol) => ticked(readBubble(reader, image.gray, image.width, image.height, symbol, unit))),
  );
  bubbleLike.forEach((symbol, i) => readable(bubbleReadings[i]) && bubbles.set(symbol, bubbleReadings[i]));
  const regionOf = (line: TextLine, pad = Math.max(2, Math.round(0.25 * line.size))) =>
    cropGray(image.gray, image.width, image.height, { x0: line.x0 - pad, y0: line.y0 - pad, x1: line.x1 + pad, y1: line.y1 + pad });
  const readLine = async (line: TextLine): Promise<ReadLine> => {
    const region = regionOf(line);
    let reading: TextReading;
    if (line.orientation === 'vertical') {
      // Drawings turn text to read from the bottom up; a few turn it the other way.
      reading = await reader.read(turnRegion(region, 'clockwise'), 'line');
      if (!readable(reading)) {
        const other = await reader.read(turnRegion(region, 'counterclockwise'), 'line');
        if (other.confidence > reading.confidence) reading = other;
      }
    } else reading = await reader.read(region, 'line');
    return readable(reading) ? { line, text: reading.text, confidence: reading.confidence } : unread(line);
  };
  const lines = await Promise.all(textLines.map((line) => (toRead.has(line) ? ticked(readLine(line)) : unread(line))));
  // A stack's letters left unread between two lines read (a bubble's `TV`, drawn touching, between `052` and
  // `036`) are read once more, cropped close (the bubble's ring in the margin), with the tag alphabet.
  const isRead = (other: ReadLine) => other.text !== '';
  for (const [i, { line, text }] of lines.entries()) {
    if (text !== '' || line.orientation !== 'horizontal' || !toRead.has(line)) continue;
    const above = lines.some((other) => isRead(other) && stackedOver(other.line, line));
    if (!above || !lines.some((other) => isRead(other) && stackedOver(line, other.line))) continue;
    const reading = await reader.read(regionOf(line, 2), 'tag');
    if (readable(reading) && /^[A-Z]{1,5}$/.test(reading.text.trim()))
      lines[i] = { line, text: reading.text.trim(), confidence: reading.confidence };
  }
  return { bubbles, lines };
}

/**
 * Readings from the PDF's text layer, exact: the texts inside a bubble are its tag (top line
 * first: function letters over loop number); every other text is a line of its own.
 */
function layerReadings(bubbleLike: DetectedSymbol[], texts: VectorText[]): Readings {
  const bubbles = new Map<DetectedSymbol, TextReading>();
  const inBubble = new Set<VectorText>();
  for (const symbol of bubbleLike) {
    const inside = texts.filter((text) => centredIn(symbol)(text.line));
    if (inside.length === 0) continue;
    inside.sort((a, b) => a.line.y0 - b.line.y0 || a.line.x0 - b.line.x0);
    const text = inside.map((item) => item.text).join(' ');
    // Inside a symbol that is no instrument, only an instrument tag is taken; other text stays a line of its own.
    if (symbol.elementType !== 'instrument' && !parseIsaTag(text, { exact: true })) continue;
    bubbles.set(symbol, { text, confidence: 1, exact: true });
    inside.forEach((text) => inBubble.add(text));
  }
  const lines = texts
    .filter((text) => !inBubble.has(text))
    .map((text) => ({ line: text.line, text: text.text, confidence: 1, exact: true }));
  return { bubbles, lines };
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

/** A group read as text, as a line along its longer side. */
function groupAsTextLine(group: Box): TextLine {
  // Turned only when clearly taller than wide: a short stacked group is read as it stands.
  const orientation = boxHeight(group) > 1.5 * boxWidth(group) ? 'vertical' : 'horizontal';
  const size = orientation === 'horizontal' ? boxHeight(group) : boxWidth(group);
  return { x0: group.x0, y0: group.y0, x1: group.x1, y1: group.y1, orientation, size, members: [] };
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

/**
 * The learned classifier's word on each geometric candidate: its class (`metadata.symbol_class`), its type,
 * and a confidence that blends both; a candidate it is sure is no symbol (a letter, a corner, an arrow) goes.
 * A candidate with bare pipe pieces inside (`splitOf`) is taken apart there when the classifier names two parts
 * or more as symbols more surely than the whole (valves strung on a short drain leg); the pieces are returned
 * as pipe stubs, to connect the parts. A candidate it is sure is no symbol is read again cut back from each
 * side and piece by piece (`trimsOf`): a cut it names a symbol all but certainly is kept in its place (a pump
 * with its label touching it, a valve beside a flange's bar); so is one named no symbol unsurely. A candidate named a
 * symbol unsurely is read without a loose mark beside it (a valve and a lone letter), else cut back too, keeping
 * most of it (a valve and the junction dot it hangs from): `namedCutsOf`; and cut in two
 * (`pairsOf`): two halves both named surely, more surely than the whole, take its place (a valve and its blind
 * flange taken as one). A candidate named no symbol or unsurely, also one held together by bars, is read window by
 * window along each pipe through it (`windowsOf`): symbols strung along a pipe, touching or glued by a label's
 * leader, take its place where the classifier names them surely (two at least where it would stay, but one for a barred
 * whole named no symbol unsurely). A big candidate it names no symbol that an outline closes (`outlineOf`) stays as
 * that outline, equipment; an outline named no symbol unsurely is named as a cut of it is (`outlineCutsOf`).
 */
async function classifySymbols(
  image: GrayImage,
  symbols: DetectedSymbol[],
  splitOf: (symbol: DetectedSymbol) => BareStrokeSplit | undefined,
  trimsOf: (symbol: DetectedSymbol) => Box[],
  namedCutsOf: (symbol: DetectedSymbol) => Box[],
  outlineOf: (symbol: DetectedSymbol) => Box | undefined,
  pairsOf: (symbol: DetectedSymbol) => Array<[Box, Box]>,
  windowsOf: (symbol: DetectedSymbol) => AxisWindow[],
  outlineCutsOf: (symbol: DetectedSymbol) => Box[],
  onPipe: (part: Box, beside: Box) => boolean,
  options: AnalyzeOptions,
): Promise<{ symbols: DetectedSymbol[]; stubs: Segment[] }> {
  const candidates = symbols.filter((symbol) => symbol.elementType !== 'text' || symbol.textOnPipe);
  if (!options.symbolClassifier || candidates.length === 0) return { symbols: symbols.filter((symbol) => !symbol.provisional), stubs: [] };
  const classifier = await options.symbolClassifier();
  // Bubbles and outlined shapes are whole; text is split by the text finder.
  const splits = new Map(
    candidates.flatMap((symbol): Array<[DetectedSymbol, BareStrokeSplit]> => {
      if (symbol.outlined || symbol.elementType === 'instrument' || symbol.elementType === 'text') return [];
      const split = splitOf(symbol);
      return split ? [[symbol, split]] : [];
    }),
  );
  const parts = candidates.flatMap((symbol) => splits.get(symbol)?.parts ?? []);
  const predictions = await classifier.classify(image, [...candidates, ...parts]);
  const verdict = new Map(candidates.map((symbol, i) => [symbol, predictions[i]]));
  const partVerdict = new Map(parts.map((part, i) => [part, predictions[candidates.length + i]]));
  // The parts a split keeps.
  const apartOf = new Map(
    [...splits].flatMap(([symbol, split]): Array<[DetectedSymbol, KeptPart[]]> => {
      const apart = partsToKeep(
        verdict.get(symbol)!,
        split.parts.map((part) => ({ part, prediction: partVerdict.get(part)! })),
        onPipe,
      );
      return apart ? [[symbol, apart]] : [];
    }),
  );
  const none = (prediction: SymbolPrediction) => prediction.elementType === 'none';
  // Named surely no symbol, it goes, unless drawn with lines or bars (shapes no stray mark makes) or text (it stays).
  const goes = (symbol: DetectedSymbol, prediction: SymbolPrediction) =>
    none(prediction) &&
    prediction.confidence >= NOT_A_SYMBOL_CONFIDENCE &&
    !symbol.outlined &&
    !symbol.barred &&
    symbol.elementType !== 'text';
  // Shapes found as ink alone (not outlines, bubbles or PDF paths) may be read along their pipes; cut, those that
  // hold no bars and were not split, or were split in vain and would go (one kept is a valve on its stem: cut
  // back, it would lose its actuator).
  const inkShapes = candidates.filter((symbol) => !symbol.outlined && !symbol.provisional && symbol.elementType !== 'instrument');
  const cuttable = inkShapes.filter(
    (symbol) => !symbol.barred && (!splits.has(symbol) || (!apartOf.has(symbol) && goes(symbol, verdict.get(symbol)!))),
  );
  const doubtful = (symbol: DetectedSymbol) => none(verdict.get(symbol)!) || verdict.get(symbol)!.confidence < PAIR_CONFIDENCE;
  // A candidate named no symbol may be one with a label or a mark stuck to a side, or beside another: read it cut
  // back, and piece by piece. One named a symbol unsurely may be one with a loose mark beside it (a valve and a lone
  // letter): read without it; with none, it is read cut back too where the cut keeps most of its ink (a junction
  // dot, a pipe's stub or a blind's plate stuck to one end; `namedCutsOf`). Only a cut named all but surely replaces
  // it.
  // One kept for its bars though surely no symbol, with no class of its type to be named by, is read cut back too: a
  // control valve with its actuator's box and a stroke of its signal line stuck on was kept as that, named no class.
  // (Not an outline: a shape found by it is whole, an off-page connector a tag fills; nor a flange found as its
  // bars, a symbol whatever the classifier says.)
  const barredShapes = inkShapes.filter((symbol) => symbol.barred && symbol.description !== 'flange');
  const trims = [...cuttable, ...barredShapes].flatMap((symbol) => {
    const whole = verdict.get(symbol)!;
    const unnamed = none(whole) && !whole.alternatives.some((alternative) => alternative.elementType === symbol.elementType);
    if (symbol.barred && !(unnamed && whole.confidence >= NOT_A_SYMBOL_CONFIDENCE)) return [];
    const boxes = none(whole) ? trimsOf(symbol) : whole.confidence < PAIR_CONFIDENCE ? namedCutsOf(symbol) : [];
    return boxes.map((box) => ({ symbol, box }));
  });
  // A candidate named no symbol or a symbol unsurely may be two symbols stacked (valves on a short leg), or
  // symbols strung along a pipe.
  const pairs = cuttable.filter(doubtful).flatMap((symbol) => pairsOf(symbol).map((pair) => ({ symbol, pair })));
  // Also where bare strokes split it (the split may not be taken), and where it holds bars across its pipe (the
  // ends of symbols drawn touching, not only a butterfly valve's).
  const doubtfulShapes = inkShapes.filter(doubtful);
  const windowsOfShape = new Map(doubtfulShapes.map((symbol) => [symbol, windowsOf(symbol)]));
  const windows = [...windowsOfShape.values()].flat();
  // An outline named no symbol unsurely may be named by a cut of it (a pipe's stub taken in with a vessel's head
  // made its crop no vessel). It keeps its box: its lines are the shape.
  const outlineCuts = candidates
    .filter((symbol) => {
      const whole = verdict.get(symbol)!;
      return symbol.outlined && symbol.elementType !== 'instrument' && none(whole) && whole.confidence < NOT_A_SYMBOL_CONFIDENCE;
    })
    .flatMap((symbol) => outlineCutsOf(symbol).map((box) => ({ symbol, box })));
  // A part kept named a symbol unsurely is read cut back too (a three-way valve with the junction dot it hangs
  // from, split from the valve on its drain leg).
  const partTrims = [...apartOf].flatMap(([symbol, apart]) =>
    apart
      .filter(({ prediction }) => !none(prediction) && prediction.confidence < PAIR_CONFIDENCE)
      .flatMap(({ part }) => trimsOf({ ...symbol, ...part }).map((box) => ({ part, box }))),
  );
  const [trimPredictions, pairPredictions, windowPredictions, outlineCutPredictions, partTrimPredictions] = await classifyGroups(
    classifier,
    image,
    [
      trims.map(({ box }) => box),
      pairs.flatMap(({ pair }) => pair),
      windows.map(({ box }) => box),
      outlineCuts.map(({ box }) => box),
      partTrims.map(({ box }) => box),
    ],
  );
  const windowPrediction = new Map(windows.map((window, i) => [window, windowPredictions[i]]));
  const pairRead = (i: number) => pairs[i].pair.map((box, k) => ({ box, prediction: pairPredictions[2 * i + k] }));
  const cutName = new Map<DetectedSymbol, SymbolPrediction>();
  outlineCuts.forEach(({ symbol }, i) => {
    const prediction = outlineCutPredictions[i];
    if (prediction.elementType !== symbol.elementType || prediction.confidence < TRIM_CONFIDENCE) return;
    if (prediction.confidence > (cutName.get(symbol)?.confidence ?? 0)) cutName.set(symbol, prediction);
  });
  const strung = new Map<DetectedSymbol, Array<{ box: Box; prediction: SymbolPrediction }>>();
  for (const [symbol, its] of windowsOfShape) {
    const whole = verdict.get(symbol)!;
    // One symbol in a candidate that would go, two at least in one kept as it is; each named as surely as a pair's
    // halves where the whole was named a symbol surely enough to be kept for it (a valve barred at its waist is no
    // two reducers).
    const dropped = goes(symbol, whole);
    const unsurelyNamed = !none(whole) && whole.confidence < PROVISIONAL_CONFIDENCE;
    const minConfidence = none(whole) || unsurelyNamed ? WINDOW_CONFIDENCE : PAIR_CONFIDENCE;
    const score = (window: AxisWindow) => {
      const prediction = windowPrediction.get(window)!;
      const named = prediction.elementType !== 'none' && prediction.confidence >= minConfidence;
      return named && (none(whole) || prediction.confidence > whole.confidence) ? prediction.confidence : undefined;
    };
    const chosen = bestWindows(its, score);
    // One named surely replaces a whole kept though named no symbol, unsurely (for its bars: a control valve with a
    // dash of its signal line stuck to the actuator).
    const surelyOne =
      chosen.length === 1 &&
      symbol.barred &&
      none(whole) &&
      whole.confidence < NOT_A_SYMBOL_CONFIDENCE &&
      windowPrediction.get(chosen[0])!.confidence >= PAIR_CONFIDENCE;
    // Two windows that fill a whole named a symbol unsurely are its halves (a valve's two cones are no two
    // reducers); reducers either side of a valve leave it between them.
    const along = (box: Box) => Math.max(boxWidth(box), boxHeight(box));
    const fills =
      unsurelyNamed && chosen.length === 2 && chosen.reduce((sum, window) => sum + along(window.box), 0) > (2 / 3) * along(symbol);
    if ((chosen.length >= (dropped ? 1 : 2) || surelyOne) && !fills) {
      strung.set(
        symbol,
        chosen.map((window) => ({ box: window.box, prediction: windowPrediction.get(window)! })),
      );
    }
  }
  const bestPair = new Map<DetectedSymbol, Array<{ box: Box; prediction: SymbolPrediction }>>();
  pairs.forEach(({ symbol }, i) => {
    const read = pairRead(i);
    const whole = verdict.get(symbol)!;
    const beats = (p: SymbolPrediction) =>
      p.elementType !== 'none' && p.confidence >= PAIR_CONFIDENCE && (whole.elementType === 'none' || p.confidence > whole.confidence);
    if (!read.every(({ prediction }) => beats(prediction))) return;
    const score = Math.min(...read.map(({ prediction }) => prediction.confidence));
    const best = bestPair.get(symbol);
    if (!best || score > Math.min(...best.map(({ prediction }) => prediction.confidence))) bestPair.set(symbol, read);
  });
  // Only a cut named all but surely replaces what it was cut from.
  const bestCuts = <T>(
    cuts: Array<{ box: Box } & T>,
    predictions: SymbolPrediction[],
    of: (cut: T) => Box,
    minConfidence = TRIM_CONFIDENCE,
  ) => {
    const best = new Map<Box, { box: Box; prediction: SymbolPrediction }>();
    cuts.forEach((cut, i) => {
      const prediction = predictions[i];
      if (prediction.elementType === 'none' || prediction.confidence < minConfidence) return;
      if (prediction.confidence > (best.get(of(cut))?.prediction.confidence ?? 0)) best.set(of(cut), { box: cut.box, prediction });
    });
    return best;
  };
  // A candidate that would go, cut in two where paper parts a label from a symbol (a drain valve and the `3/4"`
  // written against it), is read cut back to either half as well.
  const halves = pairs.flatMap(({ symbol }, i) =>
    goes(symbol, verdict.get(symbol)!) ? pairRead(i).map((half) => ({ symbol, ...half })) : [],
  );
  const bestTrim = bestCuts(
    [...trims, ...halves],
    [...trimPredictions, ...halves.map(({ prediction }) => prediction)],
    ({ symbol }) => symbol,
  );
  const bestPartTrim = bestCuts(partTrims, partTrimPredictions, ({ part }) => part);
  // A candidate that would go, split in vain, is read as its parts too: one cut off at bare pipe and named as surely
  // as a pair's half takes its place (a reducer on a safety valve drawn in a style the classifier does not know).
  const partsOfGone = [...splits].flatMap(([symbol, split]) =>
    apartOf.has(symbol) || !goes(symbol, verdict.get(symbol)!) ? [] : split.parts.map((part) => ({ symbol, box: part })),
  );
  const bestPartOfGone = bestCuts(
    partsOfGone,
    partsOfGone.map(({ box }) => partVerdict.get(box)!),
    ({ symbol }) => symbol,
    PAIR_CONFIDENCE,
  );
  const withClass = (symbol: DetectedSymbol, prediction: SymbolPrediction): DetectedSymbol => ({
    ...symbol,
    elementType: prediction.elementType === 'none' ? symbol.elementType : prediction.elementType,
    description: prediction.className.replace(/_/g, ' '),
    symbolClass: prediction.className,
    confidence: 0.3 * symbol.confidence + 0.7 * prediction.confidence,
  });
  const stubs: Segment[] = [];
  // Outlined candidates as the classifier named them, and as found.
  const drawn = new Map<DetectedSymbol, DetectedSymbol>();
  const kept = symbols.flatMap((symbol): DetectedSymbol[] => {
    const prediction = verdict.get(symbol);
    if (!prediction) return [symbol];
    const sure = prediction.elementType !== 'none' && prediction.confidence >= PROVISIONAL_CONFIDENCE;
    const apart = apartOf.get(symbol);
    if (apart) {
      stubs.push(...splits.get(symbol)!.strokes);
      // A part found only among a PDF's paths stays only where the classifier names it. One cut back meets its
      // pipes where the part did.
      return apart.flatMap(({ part, prediction: partPrediction }) => {
        const trimmed = bestPartTrim.get(part);
        if (trimmed) return [withClass({ ...symbol, ...trimmed.box, barred: false, reach: boxOf(part) }, trimmed.prediction)];
        return partPrediction.elementType !== 'none'
          ? [withClass({ ...symbol, ...part, barred: false }, partPrediction)]
          : symbol.provisional
            ? []
            : [{ ...symbol, ...part, barred: false, confidence: 0.4 }];
      });
    }
    // Taken apart along its pipe where that finds more symbols than cutting it in two or back (a chain of symbols
    // drawn touching), else in two, else cut back.
    const trimmed = bestTrim.get(symbol) ?? bestPartOfGone.get(symbol);
    const cut = bestPair.get(symbol) ?? (trimmed ? [trimmed] : undefined);
    const along = strung.get(symbol);
    const apartAs = along && along.length > (cut?.length ?? 0) ? along : cut;
    if (apartAs) {
      // A symbol cut back from a candidate that would have stayed whole still meets its pipes where the whole did (a
      // valve cut from the junction dot it hangs from). Not equipment: its pipes meet it at nozzles, found after.
      const reaches = apartAs.length === 1 && apartAs[0].prediction.elementType !== 'equipment' && !goes(symbol, prediction);
      const reach = reaches ? { reach: boxOf(symbol) } : {};
      // A part of a split kept alone meets its pipes through the split's bare strokes, as a split's parts do.
      const split = splits.get(symbol);
      if (split && apartAs.length === 1 && apartAs[0] === bestPartOfGone.get(symbol)) stubs.push(...split.strokes);
      return apartAs.map(({ box, prediction: partPrediction }) => withClass({ ...symbol, ...box, ...reach }, partPrediction));
    }
    // Text a pipe reaches stays text unless the classifier is sure it is a symbol (a blind flange's plate).
    if (symbol.elementType === 'text' && !sure) return [symbol];
    if (symbol.provisional && !sure) return [];
    // A circle with a tag inside is an instrument on every sheet measured (precision ≥ 0.95); the
    // classifier, trained on generated symbols, knows fewer bubble styles than real sheets draw. Unless it is all
    // but sure of another symbol (a strainer's square basket, its inner square dashed, was taken for a ring).
    const surelyOther = prediction.elementType !== 'none' && prediction.confidence >= PAIR_CONFIDENCE;
    if (symbol.elementType === 'instrument' && prediction.elementType !== 'instrument' && !surelyOther) return [symbol];
    // A big shape closed by its outline is drawn equipment the classifier does not know (a stepped pump casing).
    const going = goes(symbol, prediction);
    const outline = going ? outlineOf(symbol) : undefined;
    if (going && !outline) return [];
    const shape: DetectedSymbol = outline ? { ...symbol, ...outline, elementType: 'equipment', outlined: true } : symbol;
    // Kept for its drawing though the classifier calls it no symbol: named as a cut of the outline is named, or by
    // the class of its type that the classifier ranks next, as unsurely as it does (a butterfly valve's bars, a
    // blind flange's plate). A shape of ink alone, its type guessed from its outline, takes the next class of any
    // type where none of its own is ranked (a reducer's triangle, its tip gone with the pipe, taken for a valve).
    const inkAlone = !shape.outlined && !symbol.barred && symbol.elementType !== 'text';
    // So is a shell its outline makes a vessel (heads at both ends) that the classifier takes for a connector, unless
    // all but sure (a horizontal vessel has a connector's long box).
    const vesselTaken = shape.description === 'equipment (vessel)' && prediction.elementType === 'off_page_connector' && !surelyOther;
    const nameAs =
      prediction.elementType === 'none' || vesselTaken
        ? (cutName.get(symbol) ??
          prediction.alternatives.find((alternative) => alternative.elementType === shape.elementType) ??
          (inkAlone ? prediction.alternatives.find((alternative) => alternative.elementType !== 'none') : undefined))
        : prediction;
    if (!nameAs) return [shape];
    const named = withClass(shape, { ...prediction, ...nameAs });
    if (shape.outlined) drawn.set(named, shape);
    return [named];
  });
  // A box or a shell drawn with lines is no valve or fitting but a strainer's basket: the classifier takes a plain
  // box with pipes into it for a reducer. (After the twins: a valve's body found as a box goes with its valve.)
  const inline = (symbol: DetectedSymbol) => symbol.elementType === 'valve' || symbol.elementType === 'fitting';
  const restored = withoutNestedTwins(kept).map((symbol) =>
    drawn.has(symbol) && inline(symbol) && symbol.symbolClass !== 'strainer' ? drawn.get(symbol)! : symbol,
  );
  return { symbols: restored, stubs };
}

/** Boxes classified in one call, the predictions handed back group by group. */
async function classifyGroups(classifier: SymbolClassifier, image: GrayImage, groups: Box[][]): Promise<SymbolPrediction[][]> {
  const boxes = groups.flat();
  const predictions = boxes.length > 0 ? await classifier.classify(image, boxes) : [];
  let from = 0;
  return groups.map((group) => predictions.slice(from, (from += group.length)));
}

/**
 * One symbol found twice: a valve's body as a drawn box and the whole valve as a group of ink, one inside the
 * other. Where the classifier names both the same and their crops are nearly the same square (longer sides
 * within a quarter, centres within a sixth of the longer side), the inner one goes.
 */
export function withoutNestedTwins(symbols: DetectedSymbol[]): DetectedSymbol[] {
  const side = (box: Box) => Math.max(boxWidth(box), boxHeight(box));
  const sameSquare = (inner: Box, outer: Box) =>
    side(inner) >= 0.75 * side(outer) &&
    Math.abs(inner.x0 + inner.x1 - outer.x0 - outer.x1) / 2 <= side(outer) / 6 &&
    Math.abs(inner.y0 + inner.y1 - outer.y0 - outer.y1) / 2 <= side(outer) / 6;
  // Of two equal boxes the first stays.
  const outerOf = (i: number, j: number) =>
    boxWithin(symbols[i], symbols[j], 2) &&
    (boxArea(symbols[j]) > boxArea(symbols[i]) || (boxArea(symbols[j]) === boxArea(symbols[i]) && j < i));
  return symbols.filter(
    (symbol, i) =>
      !symbol.symbolClass ||
      !symbols.some((other, j) => j !== i && other.symbolClass === symbol.symbolClass && outerOf(i, j) && sameSquare(symbol, other)),
  );
}

export interface KeptPart {
  part: Box;
  prediction: SymbolPrediction;
}

/**
 * A split candidate's parts, when the classifier names two or more of them symbols, each surely and more surely
 * than the whole; the other parts stay unless it is sure they are none (a stray letter). One part alone, where it
 * is named all but surely, more surely than the whole, and every other part is a stray bit of a pipe, small and
 * surely none (an exchanger with the hop of the pipe below it; a valve's positioner on its stem is on no pipe).
 * Also splitting where the whole is named none, one part surely and another at all, was tried: it found pumps
 * with the strainers on their suction legs on synthetic scans, and as many false symbols on kr_refinery.
 */
export function partsToKeep(
  prediction: SymbolPrediction,
  parts: KeptPart[],
  onPipe: (part: Box, beside: Box) => boolean,
): KeptPart[] | undefined {
  const whole = prediction.elementType === 'none' ? 0 : prediction.confidence;
  const named = (read: KeptPart, least: number) =>
    read.prediction.elementType !== 'none' && read.prediction.confidence >= least && read.prediction.confidence > whole;
  const surelyNone = (read: KeptPart) => read.prediction.elementType === 'none' && read.prediction.confidence >= NOT_A_SYMBOL_CONFIDENCE;
  const sure = parts.filter((read) => named(read, SPLIT_PART_CONFIDENCE));
  if (sure.length >= 2) return parts.filter((read) => !surelyNone(read));
  const alone = parts.filter((read) => named(read, TRIM_CONFIDENCE));
  const stray = (read: KeptPart) =>
    surelyNone(read) && boxArea(read.part) <= STRAY_PART_SHARE * boxArea(alone[0].part) && onPipe(read.part, alone[0].part);
  return alone.length === 1 && parts.every((read) => read === alone[0] || stray(read)) ? alone : undefined;
}

/** How large a part cut off beside a symbol may be, as a share of the symbol's box, to be a stray bit (not an actuator). */
const STRAY_PART_SHARE = 0.2;

/**
 * How sure the classifier must be of two parts of a candidate to take it apart: a control valve's body and its
 * actuator, split at the stem, are named at 0.7–0.8 (a gate valve and an off-page connector, on
 * `synthetic_reference`), a drain leg's valves at 0.9 and more.
 */
const SPLIT_PART_CONFIDENCE = 0.8;

/** How sure the classifier must be of a symbol found only among the PDF's paths. */
const PROVISIONAL_CONFIDENCE = 0.6;

/** How sure the classifier must be of both halves of a candidate cut in two, and the whole no surer. */
const PAIR_CONFIDENCE = 0.95;

/** How sure the classifier must be of a window along a pipe through a candidate it named no symbol (symbols strung on it). */
const WINDOW_CONFIDENCE = 0.8;

/** How sure the classifier must be of a candidate cut back from a side (a symbol with its label stuck on). */
const TRIM_CONFIDENCE = 0.99;

/** How sure the classifier must be that a candidate is no symbol before it is dropped. */
const NOT_A_SYMBOL_CONFIDENCE = 0.85;

/** How much of a big candidate's box the paper closed in by an outline fills, for the candidate to be that shape. */
const OUTLINE_SHARE = 0.3;

/** Lets timers and I/O run between the CPU-bound stages (heartbeats, progress events). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The geometric pipeline on one page image: lines, symbols, connections; coordinates in original pixels. */
export async function analyzePage(image: PageImage, options: AnalyzeOptions = {}): Promise<PageAnalysis> {
  const stage = async (name: AnalysisStage) => {
    await options.onStage?.(name);
    await breathe();
  };
  const { width, height } = image;
  await stage('lines');
  const mask = binarize(image.gray);
  let ink = 0;
  for (let i = 0; i < mask.length; i++) ink += mask[i];
  const lineOptions = defaultLineOptions(width, height);
  const foundSegments = findLineSegments(mask, width, height, lineOptions);
  const pixelBars = symbolBars(foundSegments, strokeUnit(foundSegments));
  const pixelSegments = foundSegments.filter((segment) => !pixelBars.has(segment));
  // A PDF's bars across its pipes (a butterfly valve's ends) are symbol strokes too.
  const vectorSegments = options.vector?.segments;
  const vectorBars = vectorSegments ? symbolBars(vectorSegments, strokeUnit(vectorSegments)) : new Set<Segment>();
  const bars = [...pixelBars, ...vectorBars];
  const allSegments = vectorSegments
    ? withPixelSegments(
        vectorSegments.filter((segment) => !vectorBars.has(segment)),
        pixelSegments,
      )
    : pixelSegments;
  const segments = allSegments.filter((segment) => !isBorder(segment, width, height));
  const unit = strokeUnit(segments);

  await stage('symbols');
  const rest = removeLines(mask, width, height, allSegments, 4 * lineOptions.minLength);
  // Leaders longer than a letter would glue what they point at to its bubble or tag.
  eraseLeaders(rest, width, height, allSegments, unit, { minLength: maxTextSize(unit), minShape: 2 * maxTextSize(unit) });
  const stubs = cutStubs(rest, width, height, segments, unit);
  const components = connectedComponents(rest, width, height);
  const dashChains = findDashChains(components, unit, { mask: rest, width, height }, stubs, { mask, width, height });
  // Hops first: a hop's feet leave a gap small enough to bridge, and the arc must go too.
  const solidStubs = stubs.filter((stub) => !dashChains.stubs.has(stub));
  const bridged = bridgeHops(components, [...segments, ...solidStubs, ...dashChains.segments], unit);
  const lineSegments = bridgeGaps(bridged.segments, unit);
  const vectorTexts = options.vector?.texts;
  const layerLines = (vectorTexts ?? []).map((text) => text.line);
  const symbolParts = components.filter((c) => !dashChains.dashes.has(c) && !bridged.hops.has(c));
  const found = findSymbols(symbolParts, lineSegments, width, height, unit, rest, layerLines);
  // The title block, tables and the margin outside the frame are not part of the process.
  const area = drawingArea(allSegments, width, height);
  // Text the layer lacks (drawn as strokes, or in a scan on the page) is still found in the pixels, for OCR;
  // a "line" of pixels that reaches into a layer text is that text with a symbol beside it.
  const faintInk: InkImage = { mask: binarize(image.gray, FAINT_LIFT), width, height };
  const pixelTextLines = vectorTexts
    ? found.textLines.filter((line) => textCover(line, layerLines) < 0.05)
    : withFaintExtents(found.textLines, faintInk.mask, width, height, allSegments, unit, 4 * lineOptions.minLength);
  const tables = findTables(allSegments, [...layerLines, ...pixelTextLines], unit);
  const kept = (box: Box) => insideAny([area], box) && !insideAny(tables, box);
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
  const candidates = options.vector
    ? withShapes(
        pixelSymbols,
        options.vector.shapes,
        [...options.vector.stubs.map(segmentBox), ...found.dots],
        pixelTextLines,
        unit,
        restInk,
      )
    : pixelSymbols;
  const solidLines = lineSegments.filter((segment) => !segment.dashed);
  const solidLineBoxes = solidLines.map(segmentBox);
  // Hatching between two lines (insulation, a wall, the ground) holds no symbol.
  const hatched = findHatchedBands(solidLines, restInk, unit);
  const inHatching = (box: Box) => hatched.some((band) => overlapArea(box, band) >= 0.5 * boxArea(box));
  // Flanges as two bars across a pipe: a symbol whatever the classifier thinks (it knows flanges inline, not at a
  // pipe's end). One inside a larger candidate is part of another symbol. A candidate that is the pair already is
  // kept as such; smaller ones on a pair are its bars, and the pair replaces them.
  const overlapping = (box: Box) =>
    candidates.filter((symbol) => symbol.elementType !== 'text' && overlapArea(symbol, box) >= 0.3 * boxArea(box));
  // A joint with a plate between its flanges is read by its bars alone (the classifier knows no such joint): the
  // candidates within it are its parts; a larger one is the blind the plate belongs to, drawn beside it.
  const joints = flangeJoints({ mask, width, height }, solidLines, unit)
    .filter(({ box }) => kept(box))
    .map(({ box, plate }) => ({ box, plate, over: overlapping(box).filter((symbol) => !plate || boxArea(symbol) <= 2 * boxArea(box)) }))
    .filter(({ box, over }) => over.every((symbol) => boxArea(symbol) <= 2 * boxArea(box)));
  const pairs = joints.filter(({ plate }) => !plate);
  const flange = { elementType: 'fitting', description: 'flange', barred: true } as const;
  const pairTwins = new Set(pairs.flatMap(({ box, over }) => over.filter((symbol) => boxIou(symbol, box) >= 0.5)));
  const newPairs = pairs.filter(({ over }) => !over.some((symbol) => pairTwins.has(symbol)));
  const plated = joints.filter(({ plate }) => plate);
  const flanges = newPairs.map(({ box }): DetectedSymbol => ({ ...box, ...flange, confidence: 0.6 }));
  const flangeBars = new Set([...newPairs, ...plated].flatMap(({ over }) => over));
  // Parts of a candidate are read where no hatching holds them (read in windows along it, a wall's hatching looked
  // like a row of exchangers).
  const cutsOf = (symbol: Box) =>
    [...trimmedBoxes(symbol, restInk, 4 * unit), ...pieceBoxes(symbol, restInk, 4 * unit)].filter((box) => !inHatching(box));
  // A box with its fan and motor below is classified whole (an air cooler), before the loose parts are dropped.
  // On a raster page the learned detector finds the symbols: alone, or adding what the rules missed (`hybrid`).
  const detector = options.symbolDetector && !options.vector ? await options.symbolDetector() : undefined;
  const detected = detector && (await detectedSymbols(detector, image, options.onTick)).filter(kept);
  const ruled =
    detected && options.symbolMode !== 'hybrid'
      ? undefined
      : await classifySymbols(
          withTextAsPaper(image, [...layerLines, ...pixelTextLines]),
          [
            ...withStackedParts(
              candidates
                .filter((symbol) => kept(symbol) && !flangeBars.has(symbol) && !inHatching(symbol))
                .map((symbol) => (pairTwins.has(symbol) ? { ...symbol, ...flange } : symbol)),
              lineSegments,
              unit,
            ),
            ...flanges,
          ],
          (symbol) => splitAtBareStrokes(symbol, restInk, unit, solidLines),
          cutsOf,
          // Named a symbol unsurely: without a loose mark beside it, else cut back where the cut keeps most of its ink (a
          // junction dot or a stub cut off; half a valve, a cone named a reducer, is no symbol of its own).
          (symbol) => {
            const unmarked = unmarkedBoxes(symbol, restInk, 4 * unit, solidLineBoxes, unit);
            if (unmarked.length > 0) return unmarked;
            const ink = inkIn(symbol, restInk);
            return cutsOf(symbol).filter((box) => inkIn(box, restInk) >= NAMED_CUT_INK_SHARE * ink);
          },
          // Big, and the outline big too (not a small closed shape the fill started in).
          (symbol) => {
            const big = (box: Box) => Math.max(boxWidth(box), boxHeight(box)) >= 2 * maxTextSize(unit);
            const outline = big(symbol) ? closedOutline(symbol, { mask, width, height }, unit, OUTLINE_SHARE) : undefined;
            return outline && big(outline) ? outline : undefined;
          },
          (symbol) => cutInTwo(symbol, restInk, 4 * unit),
          // Not on a PDF's page: it draws each symbol as paths of its own (`withShapes`), and read window by window its
          // hatched stretches of pipe were taken for valves (DEXPI C01V01).
          (symbol) => (options.vector ? [] : axisWindows(symbol, restInk, solidLines, unit).filter(({ box }) => !inHatching(box))),
          // Cut on the page's ink, lines and all: an outline's sides are lines.
          (symbol) => trimmedBoxes(symbol, { mask, width, height }, 4 * unit).filter((box) => !inHatching(box)),
          // A line shorter than the symbol beside is a stroke of its own (a positioner's square side), no pipe.
          (part, beside) =>
            solidLines.some(
              (line) => segmentLength(line) >= Math.max(boxWidth(beside), boxHeight(beside)) && boxesTouch(segmentBox(line), part, 1),
            ),
          options,
        );
  const classified = detected ? withDetections(ruled?.symbols, detected) : ruled!.symbols;
  const splitStubs = ruled?.stubs ?? [];
  // Spectacle blinds drawn as a figure 8 on a stem take the place of what was read of their parts.
  const spectacles = findSpectacleBlinds(components, { mask, width, height }, solidLines, unit).filter(({ box }) => kept(box));
  const partOfSpectacle = (symbol: Box) => spectacles.some(({ box }) => overlapArea(symbol, box) >= 0.5 * boxArea(symbol));
  // Groups taken for text as a whole (letters touching a dash, a leader or each other) are read like any line,
  // and may be a spec break's specs.
  const textGroups = classified.filter((symbol) => symbol.elementType === 'text').map(groupAsTextLine);
  const specBreaks = findSpecBreaks(
    findArrowheads(components, restInk, unit),
    { faint: faintInk, letters: components },
    { lines: [...layerLines, ...pixelTextLines], groups: textGroups },
    unit,
  ).filter(({ box }) => kept(box));
  // What was read of a break's arrows (with a spec, maybe) is part of it.
  const partOfSpecBreak = (symbol: Box) =>
    specBreaks.some(({ box, arrows }) => overlapArea(symbol, arrows) > 0 && overlapArea(symbol, box) >= 0.5 * boxArea(symbol));
  const symbols = withoutSections(
    withStackedParts(
      withoutMarks(classified.filter((symbol) => symbol.elementType !== 'text' && !partOfSpectacle(symbol) && !partOfSpecBreak(symbol))),
      lineSegments,
      unit,
    ),
    unit,
  );
  const breakSymbols = specBreaks.map(({ box }): DetectedSymbol => ({
    ...box,
    elementType: 'fitting',
    description: 'spec break',
    symbolClass: 'spec_break',
    confidence: 0.7,
  }));
  symbols.push(...breakSymbols);
  const isBreak = (symbol: DetectedSymbol) => breakSymbols.includes(symbol);
  const platedJoints = new Set(plated.map(({ box }): DetectedSymbol => ({ ...box, ...flange, confidence: 0.6 })));
  symbols.push(...platedJoints);
  const { dots, outlines } = found;

  await stage('text');
  // Symbols of a bubble's size are read inside too: the classes miss bubbles of some styles.
  // (A spec break is boxed round its specs: no bubble.)
  const unbroken = symbols.filter((symbol) => !isBreak(symbol));
  const bubbleLike = [...unbroken.filter((symbol) => symbol.elementType === 'instrument'), ...bubbleSized(unbroken)];
  // The layer's texts are exact, and cheap to look into: any symbol its texts fill may be a bubble. OCR reads
  // only what the layer lacks.
  const layerTexts = vectorTexts?.filter((text) => kept(text.line));
  const filled = layerTexts
    ? filledByText(
        unbroken.filter((symbol) => !bubbleLike.includes(symbol)),
        layerTexts.map((text) => text.line),
      )
    : [];
  const layer = layerTexts && layerReadings([...bubbleLike, ...filled], layerTexts);
  const readings = await readTexts(
    image,
    bubbleLike.filter((symbol) => !layer?.bubbles.has(symbol)),
    // A line that took in a spec break's arrowhead as a letter is read without it.
    [...pixelTextLines.filter(kept), ...textGroups].map((line) => clearOfHeads(line, specBreaks)),
    unit,
    options,
  );
  if (layer) {
    readings.lines.push(...layer.lines);
    for (const [symbol, reading] of layer.bubbles) readings.bubbles.set(symbol, reading);
  }
  const bubbleTags = settleBubbles([...bubbleLike, ...filled], readings.bubbles);
  // An instrument tag written stacked, a part a line, is one text; inside a bubble the reader read in part or not
  // at all, it names the bubble (an instrument, as a tag read inside makes one).
  const read = new Set(readings.lines);
  const readLines = joinStackedTags(readings.lines).filter((line) => {
    if (read.has(line)) return true;
    const bubble = bubbleLike.find((symbol) => !bubbleTags.has(symbol) && boxWithin(line.line, symbol, unit));
    const isa = bubble && parseIsaTag(line.text, { exact: line.exact });
    if (!isa) return true;
    bubbleTags.set(bubble, isa);
    if (bubble.elementType !== 'instrument')
      Object.assign(bubble, { elementType: 'instrument', description: 'instrument bubble', symbolClass: undefined });
    return false;
  });
  const labels = labelBoxes(
    symbols,
    readLines.map(({ line }) => line),
    solidLines,
    unit,
  );
  const letters = lettersTakenForSymbols(symbols, readLines, unit);
  symbols.splice(0, symbols.length, ...symbols.filter((symbol) => !labels.has(symbol) && !letters.has(symbol)));
  // Pipes leave equipment through nozzles: parts of it, connected to their pipes and not to it. (After the
  // bubbles are settled: an oval instrument taken for equipment has no nozzles.)
  const nozzleOf = new Map<DetectedSymbol, DetectedSymbol>();
  const equipment = symbols.filter((symbol) => symbol.elementType === 'equipment');
  // Where another symbol or a nozzle already stands, none is added.
  const taken: Box[] = symbols.filter((symbol) => symbol.elementType !== 'equipment');
  // Flanges face to face (a joint's, maybe with a plate between, a nozzle's and its mate's), connected in order.
  const bolted: Bolted[] = [];
  const mates: DetectedSymbol[] = [];
  // (A text, read or not, ends a pipe as a symbol does: "TO FLARE".)
  const onLines = nozzlesOnEquipmentLines(
    { mask, width, height },
    lineSegments,
    equipment,
    symbols.filter((symbol) => symbol.elementType !== 'text'),
    [...symbols.filter((symbol) => symbol.elementType === 'text'), ...readings.lines.map(({ line }) => line)],
    unit,
  );
  // Lines drawn as part of equipment whose nozzles are kept: no pipes.
  const equipmentLines = new Set<Segment>();
  const allNozzles: Array<Nozzle<DetectedSymbol> & { line?: Segment }> = [
    ...findNozzles({ mask, width, height }, solidLines, equipment, unit),
    ...onLines,
  ];
  for (const { box, equipment: on, mate, line } of allNozzles) {
    // A flange joint found on the stub is the nozzle's flange bolted to its mate: the two take its place.
    const joints = mate
      ? symbols.filter(
          (other) => other.description === 'flange' && overlapArea(other, box) > 0 && boxWithin(other, unionBox(box, mate.box), unit),
        )
      : [];
    const isJoint = (other: Box) => joints.some((joint) => joint === other);
    if (taken.some((other) => !isJoint(other) && overlapArea(other, box) > 0)) continue;
    for (const joint of joints) {
      symbols.splice(symbols.indexOf(joint), 1);
      taken.splice(taken.indexOf(joint), 1);
    }
    const nozzle: DetectedSymbol = { ...box, elementType: 'fitting', description: NOZZLE, confidence: 0.6 };
    nozzleOf.set(nozzle, on);
    if (line) equipmentLines.add(line);
    taken.push(box);
    if (!mate || taken.some((other) => overlapArea(other, mate.box) > 0)) continue;
    const mating: DetectedSymbol = { ...mate.box, elementType: 'fitting', description: 'flange', symbolClass: 'flange', confidence: 0.6 };
    mates.push(mating);
    bolted.push({ parts: [nozzle, mating], links: [mate.between] });
    taken.push(mate.box);
  }
  symbols.push(...nozzleOf.keys());
  // A flange joint is two flanges, each an element of its own; one with a tap line is an orifice plate (the line
  // may stop a dash and a gap short of it).
  bolted.push(...splitJoints(symbols, { mask, width, height }, 2 * (2 * unit + 3), platedJoints));
  symbols.push(...mates);
  // After the nozzles: a blind bolted to a nozzle's flange touches the nozzle's box. The flanges either side of its
  // plate are added where nothing stands (a nozzle's flange is the nozzle's).
  for (const spectacle of spectacles) {
    const faces = flangesBeside(spectacle, { mask, width, height }, unit).filter(
      (face) => !symbols.some((symbol) => overlapArea(symbol, face) > 0.3 * boxArea(face)),
    );
    // Blind and flanges keep the whole as drawn: some datasets box it as one symbol (Dataset-P&ID).
    const joint = faces.length > 0 ? { joint: faces.reduce(unionBox, spectacle.box) } : {};
    const fitting = { elementType: 'fitting', confidence: 0.7, ...joint } as const;
    symbols.push(
      { ...spectacle.box, ...fitting, description: 'spectacle blind', symbolClass: 'spectacle_blind' },
      ...faces.map((face): DetectedSymbol => ({ ...face, ...fitting, description: 'flange', symbolClass: 'flange', confidence: 0.6 })),
    );
  }
  // A spec break carries the specs written beside it, not a tag; they tag nothing else.
  const specLines = new Map(breakSymbols.map((symbol) => [symbol, specsWithin(symbol, readLines)]));
  const inSpecs = new Set([...specLines.values()].flat());
  const attached = attachTexts(
    symbols.filter((symbol) => !isBreak(symbol)),
    readLines.filter((line) => !inSpecs.has(line)),
    area,
    new Set(bubbleTags.keys()),
  );
  const specsOf = new Map(
    [...specLines].map(([symbol, lines]) => [symbol, lines.filter(({ text }) => text !== '').map(({ text }) => text)]),
  );
  for (const symbol of attached.tags.keys()) {
    // A circle with no instrument tag read inside but an equipment tag beside it is a pump casing or a drum.
    if (symbol.elementType === 'instrument')
      Object.assign(symbol, { elementType: 'equipment', description: 'equipment (round)', symbolClass: undefined });
  }

  await stage('connections');
  const nodes = symbols.map((symbol, index) => ({ symbol, index })).filter(({ symbol }) => symbol.elementType !== 'text');
  // The PDF's short pipe pieces between adjacent symbols connect them, though too short to be found as lines.
  const pipes = [...lineSegments, ...splitStubs, ...(options.vector?.stubs ?? [])].filter(
    (segment) => !outlines.has(segment) && !equipmentLines.has(segment) && kept(segmentBox(segment)),
  );
  const partOf = (a: DetectedSymbol, b: DetectedSymbol) => nozzleOf.get(a) === b || nozzleOf.get(b) === a;
  const nodeOf = (symbol: DetectedSymbol) => nodes.findIndex((node) => node.symbol === symbol);
  const boltedTogether = (a: DetectedSymbol, b: DetectedSymbol) => bolted.some(({ parts }) => parts.includes(a) && parts.includes(b));
  const traced = [
    ...traceConnections(
      pipes,
      nodes.map(({ symbol }) => symbol.reach ?? symbol),
      dots,
      unit,
    ).filter(({ source, target }) => {
      const [a, b] = [nodes[source].symbol, nodes[target].symbol];
      return !partOf(a, b) && !boltedTogether(a, b);
    }),
    ...bolted.flatMap(({ parts, links }) =>
      links.map((link, i) => ({ source: nodeOf(parts[i]), target: nodeOf(parts[i + 1]), path: [link], dashed: false, junctions: 0 })),
    ),
  ];

  const page = options.page ? { page: options.page } : {};
  const elements: AnalysisElement[] = symbols.map((symbol, index) => {
    const isa = bubbleTags.get(symbol);
    const tag = attached.tags.get(symbol);
    const bubble = tag ? undefined : readings.bubbles.get(symbol);
    const specs = specsOf.get(symbol);
    return {
      key: `e${index + 1}`,
      elementType: symbol.elementType,
      name: isa?.tag ?? bubble?.text ?? tag?.text ?? specs?.join(' / ') ?? '',
      description: symbol.description,
      boundingBox: toOriginalBox(image, symbol),
      ...page,
      metadata: {
        confidence: round(symbol.confidence),
        ...(symbol.symbolClass ? { symbol_class: symbol.symbolClass } : {}),
        ...(bubble ? { text_confidence: round(bubble.confidence) } : {}),
        ...(isa ? { isa } : {}),
        ...(tag ? { text_confidence: round(tag.confidence), tag_box: toOriginalBox(image, tag.line) } : {}),
        ...(symbol.joint ? { joint_box: toOriginalBox(image, symbol.joint) } : {}),
        ...(specs ? { specs } : {}),
      },
    };
  });
  const textElement = (read: ReadLine, description: string, extra: Record<string, unknown> = {}): AnalysisElement => ({
    key: `e${elements.length + 1}`,
    elementType: 'text',
    name: read.text,
    description,
    boundingBox: toOriginalBox(image, read.line),
    ...page,
    metadata: {
      confidence: read.text ? round(0.5 + 0.45 * read.confidence) : 0.4,
      ...(read.text ? { text_confidence: round(read.confidence) } : {}),
      ...extra,
    },
  });
  // An OCR'd line number is named as parsed: its separators as drawn (`-`), not as misread (`~`).
  for (const { read, parsed } of attached.lineNumbers)
    elements.push(textElement(read.exact ? read : { ...read, text: parsed.text }, 'line number', { line_number: parsed }));
  for (const read of attached.free) elements.push(textElement(read, 'text'));
  // The text layer reads tables, the title block and the margin exactly (drawing number, revision,
  // equipment data): kept as text, apart from the process.
  for (const text of vectorTexts ?? []) {
    if (kept(text.line)) continue;
    const region = insideAny([area], text.line) ? 'table' : 'margin';
    elements.push(textElement({ line: text.line, text: text.text, confidence: 1 }, `${region} text`, { region }));
  }

  const connections: AnalysisConnection[] = traced.map((connection, index) => {
    let source = symbols[nodes[connection.source].index];
    let target = symbols[nodes[connection.target].index];
    const relationshipType = relationshipOf(source, target, connection.dashed);
    // A controller is the source of what it controls and senses.
    if (relationshipType !== 'connects to' && target.elementType === 'instrument') [source, target] = [target, source];
    const confidence = Math.min(source.confidence, target.confidence, 0.9) * (connection.dashed ? 0.8 : 1) * 0.95 ** connection.junctions;
    const lineNumber = attached.lineNumbers.find(({ read }) => pathCarries(connection.path, read.line))?.parsed;
    const path: PathSegment[] = connection.path.map((segment) => ({
      orientation: segment.orientation,
      start: roundPoint(toOriginalPoint(image, ...segment.start)),
      end: roundPoint(toOriginalPoint(image, ...segment.end)),
    }));
    return {
      key: `c${index + 1}`,
      sourceKey: elements[symbols.indexOf(source)].key,
      targetKey: elements[symbols.indexOf(target)].key,
      relationshipType,
      name: lineNumber?.text ?? '',
      description: connection.dashed ? 'signal line' : 'process line',
      metadata: {
        confidence: round(confidence),
        path_data: { path },
        line_style: connection.dashed ? 'dashed' : 'solid',
        ...(lineNumber ? { line_number: lineNumber } : {}),
      },
    };
  });
  return {
    imageSize: { width: image.originalWidth, height: image.originalHeight },
    elements,
    connections,
    lineCount: allSegments.length,
    inkRatio: ink / mask.length,
  };
}

/**
 * Process lines connect. A signal line from an instrument to a valve controls it; to anything else
 * (equipment, a fitting on the pipe) the instrument senses it; between instruments it connects them.
 */
function relationshipOf(a: DetectedSymbol, b: DetectedSymbol, dashed: boolean): RelationshipType {
  if (!dashed) return 'connects to';
  const instrument = a.elementType === 'instrument' ? a : b.elementType === 'instrument' ? b : undefined;
  const other = instrument === a ? b : a;
  if (!instrument || other.elementType === 'instrument') return 'connects to';
  return other.elementType === 'valve' ? 'controls' : 'senses';
}

/** The lines inside a spec break's box (read or not), in reading order (row by row, left to right in a row). */
function specsWithin(box: Box, lines: ReadLine[]): ReadLine[] {
  const sameRow = (a: TextLine, b: TextLine) => Math.abs(a.y0 - b.y0) <= 0.5 * Math.min(a.size, b.size);
  return lines
    .filter(({ line }) => overlapArea(line, box) >= 0.5 * boxArea(line))
    .sort((a, b) => (sameRow(a.line, b.line) ? a.line.x0 - b.line.x0 : a.line.y0 - b.line.y0));
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const roundPoint = ([x, y]: [number, number]): [number, number] => [Math.round(x), Math.round(y)];

/** A box of the processed page in the `/file` pixel space (a turned box is bounded again). */
function toOriginalBox(image: PageImage, box: Box): BoundingBox {
  const corners = [
    toOriginalPoint(image, box.x0, box.y0),
    toOriginalPoint(image, box.x1 + 1, box.y0),
    toOriginalPoint(image, box.x0, box.y1 + 1),
    toOriginalPoint(image, box.x1 + 1, box.y1 + 1),
  ];
  const x = Math.round(Math.min(...corners.map(([cx]) => cx)));
  const y = Math.round(Math.min(...corners.map(([, cy]) => cy)));
  return {
    x,
    y,
    width: Math.max(1, Math.round(Math.max(...corners.map(([cx]) => cx))) - x),
    height: Math.max(1, Math.round(Math.max(...corners.map(([, cy]) => cy))) - y),
  };
}
