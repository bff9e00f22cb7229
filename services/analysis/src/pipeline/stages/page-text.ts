import type { PageImage } from '../../ingest/page-image';
import { parseIsaTag, type IsaTag } from '../../tags/isa-tag';
import { parseLineNumber } from '../../tags/line-number';
import type { VectorText } from '../../vector/vector-text';
import type { AnalyzeOptions } from '../analyze-page';
import { bubbleSized, centredIn, filledByText, readBubble, settleBubbles } from '../bubble-reading';
import { boxWithin } from '../components';
import { labelBoxes, lettersTakenForSymbols } from '../label-boxes';
import { clearOfHeads } from '../spec-breaks';
import { joinStackedTags } from '../stacked-tags';
import type { DetectedSymbol } from '../symbols';
import { normaliseTag, type ReadLine } from '../text-attachment';
import { stackedOver, type TextLine } from '../text-lines';
import { cropGray, turnRegion, type TextReading } from '../text-reader';
import type { PageLines } from './page-lines';
import type { PageSymbols } from './page-symbols';
import type { SymbolCandidates } from './symbol-candidates';

/** What the page's text says, and the symbols once labels and letters taken for symbols are dropped. */
export interface PageText {
  /** Symbols other than labels and letters. */
  symbols: DetectedSymbol[];
  /** The tags read inside bubbles. */
  bubbleReadings: Map<DetectedSymbol, TextReading>;
  /** Every line of text, read or not, as read line by line. */
  lines: ReadLine[];
  /** The lines with stacked tags joined (less those that name a bubble). */
  readLines: ReadLine[];
  /** The instrument tag of each bubble whose text parses as one. */
  bubbleTags: Map<DetectedSymbol, IsaTag>;
}

/**
 * Reads the page's text: tags inside bubbles and every line, from the PDF's text layer where it has one and by OCR
 * where not; joins stacked tags, and drops the symbols that are labels or letters.
 */
export async function pageText(
  image: PageImage,
  { unit }: PageLines,
  { vectorTexts, pixelTextLines, solidLines, kept }: SymbolCandidates,
  { symbols, breakSymbols, textGroups, specBreaks }: PageSymbols,
  options: AnalyzeOptions,
): Promise<PageText> {
  // Symbols of a bubble's size are read inside too: the classes miss bubbles of some styles.
  // (A spec break is boxed round its specs: no bubble.)
  const unbroken = symbols.filter((symbol) => !breakSymbols.includes(symbol));
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
  const readLines = withStackedTags(readings.lines, bubbleLike, bubbleTags, unit);
  const labels = labelBoxes(
    symbols,
    readLines.map(({ line }) => line),
    solidLines,
    unit,
  );
  const letters = lettersTakenForSymbols(symbols, readLines, unit);
  return {
    symbols: symbols.filter((symbol) => !labels.has(symbol) && !letters.has(symbol)),
    bubbleReadings: readings.bubbles,
    lines: readings.lines,
    readLines,
    bubbleTags,
  };
}

/**
 * An instrument tag written stacked, a part a line, is one text; inside a bubble the reader read in part or not
 * at all, it names the bubble (an instrument, as a tag read inside makes one).
 */
function withStackedTags(
  lines: ReadLine[],
  bubbleLike: DetectedSymbol[],
  bubbleTags: Map<DetectedSymbol, IsaTag>,
  unit: number,
): ReadLine[] {
  const read = new Set(lines);
  return joinStackedTags(lines).filter((line) => {
    if (read.has(line)) return true;
    const bubble = bubbleLike.find((symbol) => !bubbleTags.has(symbol) && boxWithin(line.line, symbol, unit));
    const isa = bubble && parseIsaTag(line.text, { exact: line.exact });
    if (!isa) return true;
    bubbleTags.set(bubble, isa);
    if (bubble.elementType !== 'instrument')
      Object.assign(bubble, { elementType: 'instrument', description: 'instrument bubble', symbolClass: undefined });
    return false;
  });
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
