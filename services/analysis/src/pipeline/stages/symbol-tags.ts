import type { IsaTag } from '../../tags/isa-tag';
import { boxArea, overlapArea, type Box } from '../components';
import type { DetectedSymbol } from '../symbols';
import { attachTexts, type ReadLine, type TextAttachment } from '../text-attachment';
import type { TextLine } from '../text-lines';

/** The texts that name symbols and pipes, and the specs each spec break carries. */
export interface SymbolTags {
  attached: TextAttachment;
  specsOf: Map<DetectedSymbol, string[]>;
}

/**
 * Tags name the nearest untagged symbols and line numbers their pipes; the rest is free text. A spec break
 * carries the specs written beside it, not a tag; they tag nothing else.
 */
export function symbolTags(
  symbols: DetectedSymbol[],
  breakSymbols: DetectedSymbol[],
  { readLines, bubbleTags }: { readLines: ReadLine[]; bubbleTags: Map<DetectedSymbol, IsaTag> },
  area: Box,
): SymbolTags {
  const specLines = new Map(breakSymbols.map((symbol) => [symbol, specsWithin(symbol, readLines)]));
  const inSpecs = new Set([...specLines.values()].flat());
  const attached = attachTexts(
    symbols.filter((symbol) => !breakSymbols.includes(symbol)),
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
  return { attached, specsOf };
}

/** The lines inside a spec break's box (read or not), in reading order (row by row, left to right in a row). */
function specsWithin(box: Box, lines: ReadLine[]): ReadLine[] {
  const sameRow = (a: TextLine, b: TextLine) => Math.abs(a.y0 - b.y0) <= 0.5 * Math.min(a.size, b.size);
  return lines
    .filter(({ line }) => overlapArea(line, box) >= 0.5 * boxArea(line))
    .sort((a, b) => (sameRow(a.line, b.line) ? a.line.x0 - b.line.x0 : a.line.y0 - b.line.y0));
}
