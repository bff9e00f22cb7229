import { parseIsaTag, type IsaTag } from '../tags/isa-tag';
import { parseAmidNoise, trimmed } from '../tags/ocr-noise';
import { boxHeight, boxWidth, unionBox, type Box } from './components';
import type { DetectedSymbol } from './symbols';
import { median } from './text-lines';
import { cropGray, type GrayRegion, type TextReader, type TextReading } from './text-reader';

/** Darker than this is ink, for finding bars in a bubble. */
const INK = 150;

function whiteOutside(region: GrayRegion, radius: number): void {
  const cx = (region.width - 1) / 2;
  const cy = (region.height - 1) / 2;
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) if (Math.hypot(x - cx, y - cy) > radius) region.gray[y * region.width + x] = 255;
  }
}

/**
 * Whitens the long horizontal runs of ink across a bubble (a panel instrument's bar, doubled behind a
 * panel) and returns the rows they were in, top first.
 */
export function eraseBars(region: GrayRegion): number[] {
  const { width, height, gray } = region;
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    let run = 0;
    for (let x = 0; x <= width; x++) {
      if (x < width && gray[y * width + x] < INK) {
        run++;
        continue;
      }
      if (run >= 0.45 * width) {
        if (rows.at(-1) !== y) rows.push(y);
        gray.fill(255, y * width + x - run, y * width + x);
      }
      run = 0;
    }
  }
  return rows;
}

/**
 * The rows of text in a region, top first: runs of rows with ink between blank ones, a gap of 4 % of the region or
 * less (2 px at least) bridged (a scan's letters thin out across their middles), none lower than a tenth of the
 * region (specks).
 */
export function textRows(region: GrayRegion): Array<[number, number]> {
  const { width, height, gray } = region;
  const inked = Array.from({ length: height }, (_, y) => {
    for (let x = 0; x < width; x++) if (gray[y * width + x] < INK) return true;
    return false;
  });
  const runs: Array<[number, number]> = [];
  for (let y = 0; y < height; y++) {
    if (!inked[y]) continue;
    const last = runs.at(-1);
    if (last && y - last[1] - 1 <= Math.max(2, 0.04 * height)) last[1] = y;
    else runs.push([y, y]);
  }
  return runs.filter(([y0, y1]) => y1 - y0 + 1 >= Math.max(3, 0.1 * height));
}

/** The words of a reading as the tag parser sees them: capitals, the punctuation OCR adds at their ends gone. */
const wordsOf = (text: string) => text.toUpperCase().split(/\s+/).map(trimmed).filter(Boolean);

/** Whether `text` holds every word of `earlier`, in order: a reading that only adds words to another. */
function keepsWords(text: string, earlier: string): boolean {
  const within = wordsOf(earlier);
  let at = 0;
  for (const word of wordsOf(text)) if (at < within.length && word === within[at]) at++;
  return at === within.length;
}

/**
 * Reads a stack of text. Tesseract may drop a line of a stack (`052 036` for `052 / TV / 036`): where it reads
 * fewer words than the stack has rows, each row is read on its own, and that reading is taken where it keeps the
 * words read before and parses as a tag.
 */
async function readStack(reader: TextReader, region: GrayRegion): Promise<TextReading> {
  const whole = await reader.read(region, 'tag');
  const rows = textRows(region);
  if (rows.length < 2 || wordsOf(whole.text).length >= rows.length) return whole;
  const lines: TextReading[] = [];
  for (const [y0, y1] of rows) {
    const row = { x0: 0, y0: Math.max(0, y0 - 2), x1: region.width - 1, y1: Math.min(region.height - 1, y1 + 2) };
    lines.push(await reader.read(cropGray(region.gray, region.width, region.height, row), 'tag'));
  }
  const text = lines
    .map((line) => line.text)
    .join(' ')
    .trim();
  if (!keepsWords(text, whole.text) || !parseAmidNoise(text, parseIsaTag)) return whole;
  return { text, confidence: lines.reduce((sum, line) => sum + line.confidence, 0) / lines.length };
}

/** The text inside a bubble's `box` within `radius` of its centre, read over and under a bar apart. */
async function readInside(reader: TextReader, gray: Uint8Array, width: number, height: number, box: Box, radius: number) {
  const region = cropGray(gray, width, height, box);
  whiteOutside(region, radius);
  const bars = eraseBars(region);
  const [first, last] = [bars[0], bars.at(-1)];
  if (first === undefined || last === undefined || first < 3 || last > region.height - 4) return readStack(reader, region);
  const part = (y0: number, y1: number) =>
    readStack(reader, cropGray(region.gray, region.width, region.height, { x0: 0, y0, x1: region.width - 1, y1 }));
  // A row either side of the bar is its blurred edge, too light to be found but dark enough to misread.
  const over = await part(0, first - 2);
  const under = await part(last + 2, region.height - 1);
  return { text: `${over.text} ${under.text}`.trim(), confidence: Math.min(over.confidence, under.confidence) };
}

/** How sure a reading that parses as a tag must be to stand without a second look. */
const SURE_TAG = 0.5;

/**
 * Reads the tag inside an instrument bubble: the inside only (its ring would be read as letters). Over and under
 * a bar, function letters and loop number are read apart: letters touching the bar are misread when read with it.
 * A round bubble's reading that is no tag, or an unsure one, is read again out to the ring's stroke (`stroke`
 * wide), and that reading taken where it is a tag read surely: a stack's top line standing close to the ring (a
 * shared display's `052` read `US2`) is cut by the first crop, which a scan's blurred ring needs.
 */
export async function readBubble(
  reader: TextReader,
  gray: Uint8Array,
  width: number,
  height: number,
  bubble: Box,
  stroke: number,
): Promise<TextReading> {
  const size = bubble.x1 - bubble.x0;
  const inset = Math.round(0.1 * size);
  const inside = { x0: bubble.x0 + inset, y0: bubble.y0 + inset, x1: bubble.x1 - inset, y1: bubble.y1 - inset };
  const tight = await readInside(reader, gray, width, height, inside, 0.4 * size);
  const isTag = (reading: TextReading) => parseAmidNoise(reading.text, parseIsaTag) !== undefined;
  // Only a round bubble (or a square round one) has its ring where the wider circle expects it.
  const round = Math.abs(boxWidth(bubble) - boxHeight(bubble)) <= 0.15 * size;
  const radius = Math.min(0.46 * size, 0.5 * size - 1.5 * stroke - 1);
  // A ring as thick as a small bubble's leaves nothing more to read out to.
  if ((isTag(tight) && tight.confidence >= SURE_TAG) || !round || radius <= 0.4 * size) return tight;
  const wide = await readInside(reader, gray, width, height, bubble, radius);
  const sureTag = isTag(wide) && wide.confidence >= SURE_TAG;
  return sureTag && (!isTag(tight) || wide.confidence > tight.confidence) ? wide : tight;
}

/**
 * Symbols that are not instruments but have a bubble's size and shape: square boxes within a quarter of the
 * sheet's median instrument size (three instruments at least, to know it).
 */
export function bubbleSized(symbols: DetectedSymbol[]): DetectedSymbol[] {
  const sizes = symbols.filter((symbol) => symbol.elementType === 'instrument').map((symbol) => boxWidth(symbol));
  if (sizes.length < 3) return [];
  const usual = median(sizes);
  return symbols.filter((symbol) => {
    const [w, h] = [boxWidth(symbol), boxHeight(symbol)];
    return symbol.elementType !== 'instrument' && w <= 1.25 * h && h <= 1.25 * w && w >= 0.8 * usual && w <= 1.25 * usual;
  });
}

/** Whether a text's centre lies strictly inside `symbol`: the text is written in it. */
export const centredIn =
  (symbol: Box) =>
  (text: Box): boolean => {
    const [cx, cy] = [(text.x0 + text.x1) / 2, (text.y0 + text.y1) / 2];
    return cx > symbol.x0 && cx < symbol.x1 && cy > symbol.y0 && cy < symbol.y1;
  };

/**
 * Symbols whose inside texts fill them (half their width, a third of their height at least), as a bubble's tag
 * does: a bubble of an outline the classes do not know (an IEC 62424 oval), read from a PDF's text layer.
 */
export function filledByText(symbols: DetectedSymbol[], texts: Box[]): DetectedSymbol[] {
  return symbols.filter((symbol) => {
    if (symbol.elementType === 'instrument' || symbol.elementType === 'text') return false;
    const inside = texts.filter(centredIn(symbol));
    if (inside.length === 0) return false;
    const span = inside.reduce(unionBox);
    return boxWidth(span) >= 0.5 * boxWidth(symbol) && boxHeight(span) >= 0.33 * boxHeight(symbol);
  });
}

/**
 * The instrument tag read in each bubble. A symbol taken for something else with an instrument tag inside
 * becomes an instrument; one without keeps its type, and what was read inside it is dropped.
 */
export function settleBubbles(bubbleLike: DetectedSymbol[], readings: Map<DetectedSymbol, TextReading>): Map<DetectedSymbol, IsaTag> {
  const tags = new Map<DetectedSymbol, IsaTag>();
  for (const symbol of bubbleLike) {
    const reading = readings.get(symbol);
    const isa = reading && (reading.exact ? parseIsaTag(reading.text, { exact: true }) : parseAmidNoise(reading.text, parseIsaTag));
    if (isa) tags.set(symbol, isa);
    if (symbol.elementType === 'instrument') continue;
    if (isa) Object.assign(symbol, { elementType: 'instrument', description: 'instrument bubble', symbolClass: undefined });
    else readings.delete(symbol);
  }
  return tags;
}
