import { boxArea, boxesTouch, boxWithin, type Box } from './components';
import { filledByText } from './bubble-reading';
import { segmentBox, type Segment } from './lines';
import type { DetectedSymbol } from './symbols';
import type { ReadLine } from './text-attachment';

/**
 * Boxes drawn round a label (a valve's number over its spec, in a box split by its diagonal): equipment by their
 * shape, but their texts fill them and no pipe reaches them (a slanted leader is no line). Their texts stay texts.
 * `texts`: the text lines, read or not; `pipes`: solid lines, a box's own sides among them (a side drawn on into a
 * leader reaches three strokes past the box at most).
 */
export function labelBoxes(symbols: DetectedSymbol[], texts: Box[], pipes: Segment[], unit: number): Set<DetectedSymbol> {
  const filled = filledByText(
    symbols.filter((symbol) => symbol.elementType === 'equipment'),
    texts,
  );
  const reached = (symbol: Box) =>
    pipes.some((pipe) => {
      const line = segmentBox(pipe);
      const beyond = Math.max(symbol.x0 - line.x0, line.x1 - symbol.x1, symbol.y0 - line.y0, line.y1 - symbol.y1);
      return boxesTouch(line, symbol, unit) && beyond > 3 * unit;
    });
  return new Set(filled.filter((symbol) => !reached(symbol)));
}

/** How sure a reading of a text line is, at the least, for a symbol inside it to be its letters. */
const SURE_TEXT_CONFIDENCE = 0.8;
/**
 * How unsure a symbol is, at the most, to be taken for letters: a symbol named surely stays (one glued to its tag
 * may be read inside the tag's line; spec breaks, flanges and nozzles found by their drawing are surer).
 */
const LETTERS_SYMBOL_CONFIDENCE = 0.5;

/**
 * Symbols named unsurely inside a text line read surely, four letters or digits at least, and smaller than it: its
 * letters, taken for a symbol (`GASOIL`'s `IL` with a table's rule through it, named a plug valve at 0.3).
 */
export function lettersTakenForSymbols(symbols: DetectedSymbol[], lines: ReadLine[], unit: number): Set<DetectedSymbol> {
  const sure = lines.filter(({ text, confidence }) => confidence >= SURE_TEXT_CONFIDENCE && (text.match(/[A-Za-z0-9]/g)?.length ?? 0) >= 4);
  return new Set(
    symbols.filter(
      (symbol) =>
        symbol.elementType !== 'instrument' &&
        symbol.confidence < LETTERS_SYMBOL_CONFIDENCE &&
        sure.some(({ line }) => boxWithin(symbol, line, unit) && boxArea(symbol) <= 0.8 * boxArea(line)),
    ),
  );
}
