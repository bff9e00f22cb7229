import type { PathSegment } from '@pid/contracts';
import { parseIsaTag } from '../tags/isa-tag';
import { parseLineNumber, type LineNumber } from '../tags/line-number';
import { parseAmidNoise } from '../tags/ocr-noise';
import { boxGap, type Box } from './components';
import { NOZZLE } from './nozzles';
import type { DetectedSymbol } from './symbols';
import { stackedOver, type TextLine } from './text-lines';

/** Equipment and valve tags: `P-101A`, `V 201`, `E-301B`, `HV-12`, `XV1001`. */
const ITEM_TAG = /^[A-Z]{1,4}-?\d{2,5}[A-Z]{0,2}$/;

/**
 * Equipment and valve tags with the plant area between kind and number: `C-052-36A`, `HV-052-01`. A kind of one or
 * two letters: a drawing's number (`PID-605-032`, an off-page connector's continuation) names no symbol.
 */
const AREA_ITEM_TAG = /^[A-Z]{1,2}-\d{2,4}-\d{1,5}[A-Z]?$/;

/** Equipment tags: one letter for the kind (pump, exchanger, vessel, column), then the number. */
const EQUIPMENT_TAG = /^[A-Z]-\d/;

/** A nozzle's mark on its equipment: `N1`, `H2`, `M12`, `N3A`; it names nozzles only. */
const NOZZLE_MARK = /^[A-Z]{1,2}\d{1,2}[A-Z]?$/;

const isNozzle = (symbol: DetectedSymbol) => symbol.description === NOZZLE;

export interface ReadLine {
  line: TextLine;
  text: string;
  confidence: number;
  /** From a PDF's text layer: exact, never cleaned of OCR noise. */
  exact?: boolean;
}

export interface TextAttachment {
  /** Tags that name a symbol, by symbol. */
  tags: Map<DetectedSymbol, ReadLine>;
  /** Line numbers, each with the pipe stretch it labels. */
  lineNumbers: Array<{ read: ReadLine; parsed: LineNumber }>;
  /** Everything else: notes, labels, unread text. */
  free: ReadLine[];
}

/** A tag as a reviewer types it: upper case, one hyphen between letters and number. */
export function normaliseTag(text: string, { exact = false } = {}): string | undefined {
  const compact = text.toUpperCase().replace(/\s+/g, ' ').trim();
  const isa = parseIsaTag(compact, { exact });
  if (isa) return isa.tag;
  const joined = compact.replace(/\s*[-_.\s]\s*/g, '-');
  if (AREA_ITEM_TAG.test(joined)) return joined;
  if (!ITEM_TAG.test(joined.replace('-', ''))) return undefined;
  return joined.replace(/^([A-Z]+)-?(\d)/, '$1-$2');
}

/**
 * Gives each read line its meaning: a line number (pipe), a tag naming the nearest symbol without one (within
 * three text heights, five for equipment; a nozzle mark names only a nozzle), or free text. Nearest first, so two
 * tags between two pumps go to the right pumps.
 */
export function attachTexts(
  symbols: DetectedSymbol[],
  reads: ReadLine[],
  area?: Box,
  namedBubbles = new Set<DetectedSymbol>(),
): TextAttachment {
  const tags = new Map<DetectedSymbol, ReadLine>();
  const lineNumbers: TextAttachment['lineNumbers'] = [];
  const free: ReadLine[] = [];
  const offers: Array<{ read: ReadLine; symbol: DetectedSymbol; gap: number }> = [];
  for (const read of reads) {
    const parsed = read.text ? parseLineNumber(read.text) : undefined;
    if (parsed) {
      lineNumbers.push({ read, parsed });
      continue;
    }
    const itemTag = !read.text
      ? undefined
      : read.exact
        ? normaliseTag(read.text, { exact: true })
        : parseAmidNoise(read.text, normaliseTag);
    const nozzleMark = !itemTag && NOZZLE_MARK.test(read.text.trim()) ? read.text.trim() : undefined;
    const tag = itemTag ?? nozzleMark;
    if (!tag) {
      free.push(read);
      continue;
    }
    // Equipment tags often stand above a description line; valve tags sit close.
    const reach = (symbol: DetectedSymbol) => (symbol.elementType === 'equipment' ? 5 : 3) * read.line.size;
    // A bubble with no instrument tag read inside may be a pump casing: it takes an equipment tag (P-101),
    // not an instrument's.
    const instrumentTag = parseIsaTag(tag, { exact: read.exact }) !== undefined;
    const named = (symbol: DetectedSymbol) => symbol.elementType === 'instrument' && (namedBubbles.has(symbol) || instrumentTag);
    const inReach = symbols
      .filter((symbol) => symbol.elementType !== 'text' && !named(symbol) && (!nozzleMark || isNozzle(symbol)))
      .map((symbol) => ({ read: { ...read, text: tag }, symbol, gap: boxGap(symbol, read.line) }))
      .filter(({ symbol, gap }) => gap <= reach(symbol));
    // A one-letter prefix (`P-605A`, `E-601`) tags equipment: it goes to the equipment in reach, not to a valve
    // that happens to be nearer.
    const equipmentTag = EQUIPMENT_TAG.test(tag) && inReach.some(({ symbol }) => symbol.elementType === 'equipment');
    const near = equipmentTag ? inReach.filter(({ symbol }) => symbol.elementType === 'equipment') : inReach;
    if (near.length === 0) free.push({ ...read, text: tag });
    offers.push(...near);
  }
  // Of two tags stacked beside a piece of equipment the upper names it (a column's `K 2750` over its section's
  // `KX 2750`): it goes first, however near the lower one stands.
  const under = new Set(
    offers.filter(
      ({ symbol, read }) =>
        symbol.elementType === 'equipment' && offers.some((other) => other.symbol === symbol && stackedOver(other.read.line, read.line)),
    ),
  );
  offers.sort((a, b) => Number(under.has(a)) - Number(under.has(b)) || a.gap - b.gap);
  const placed = new Set<TextLine>();
  for (const offer of offers) {
    if (placed.has(offer.read.line) || tags.has(offer.symbol)) continue;
    tags.set(offer.symbol, offer.read);
    placed.add(offer.read.line);
  }
  const offered = new Set(offers.map((offer) => offer.read.line));
  for (const offer of offers) {
    if (offered.has(offer.read.line) && !placed.has(offer.read.line)) {
      free.push(offer.read);
      placed.add(offer.read.line);
    }
  }
  if (area) attachHeaderTags(symbols, tags, free, area);
  return { tags, lineNumbers, free };
}

/** The share of the drawing area's height, at its top and at its bottom, where equipment callouts stand. */
const HEADER_BAND = 0.15;

/**
 * Equipment callouts: sheets list each piece of equipment's tag in a row along the top or bottom edge, above
 * or below the equipment itself. A free equipment tag in that band names the untagged equipment under it
 * (whose width spans the tag's centre), nearest first. Only tags nothing else claimed.
 */
function attachHeaderTags(symbols: DetectedSymbol[], tags: Map<DetectedSymbol, ReadLine>, free: ReadLine[], area: Box): void {
  const band = HEADER_BAND * (area.y1 - area.y0);
  const inBand = (line: Box) => line.y1 <= area.y0 + band || line.y0 >= area.y1 - band;
  const untagged = symbols.filter((symbol) => symbol.elementType === 'equipment' && !tags.has(symbol));
  const offers: Array<{ read: ReadLine; symbol: DetectedSymbol; distance: number }> = [];
  for (const read of free) {
    if (!read.text || !inBand(read.line) || !normaliseTag(read.text, { exact: read.exact })) continue;
    const cx = (read.line.x0 + read.line.x1) / 2;
    for (const symbol of untagged) {
      if (cx < symbol.x0 || cx > symbol.x1) continue;
      offers.push({ read, symbol, distance: Math.abs((symbol.y0 + symbol.y1) / 2 - (read.line.y0 + read.line.y1) / 2) });
    }
  }
  offers.sort((a, b) => a.distance - b.distance);
  for (const { read, symbol } of offers) {
    if (tags.has(symbol) || !free.includes(read)) continue;
    tags.set(symbol, read);
    free.splice(free.indexOf(read), 1);
  }
}

/** Whether a pipe path runs beside a line number: parallel, within two text heights, overlapping along. */
export function pathCarries(path: PathSegment[], line: TextLine): boolean {
  const reach = 2.5 * line.size;
  return path.some((segment) => {
    const horizontal = segment.orientation === 'horizontal';
    if (horizontal !== (line.orientation === 'horizontal')) return false;
    const [a, b] = horizontal ? [segment.start[0], segment.end[0]] : [segment.start[1], segment.end[1]];
    const across = horizontal ? segment.start[1] : segment.start[0];
    const [lo, hi] = horizontal ? [line.x0, line.x1] : [line.y0, line.y1];
    const [near0, near1] = horizontal ? [line.y0, line.y1] : [line.x0, line.x1];
    const distance = across < near0 ? near0 - across : across > near1 ? across - near1 : 0;
    return distance <= reach && Math.max(a, b) >= lo && Math.min(a, b) <= hi;
  });
}
