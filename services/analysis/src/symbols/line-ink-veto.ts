/**
 * Rules symbols that the line-ink model reads as line ink: an inline valve or fitting the rules found where the
 * model sees a line's own marks (a signal line's ticks, crosses or rings, an arrowhead) and the detector sees nothing.
 */
import { LINE_INK_CLASSES } from '../line-ink/line-ink-files';
import type { InkClasses } from '../line-ink/line-ink-model';
import type { InkImage } from '../pipeline/components';
import type { DetectedSymbol } from '../pipeline/symbols';
import { overlaps } from './detected-symbols';

const SYMBOL = LINE_INK_CLASSES.indexOf('symbol');

/** Below this share of its ink in symbol cells, an unconfirmed rules valve or fitting is taken for line ink. */
export const MIN_SYMBOL_INK = 0.25;

/** The share of the ink pixels in a box whose cell the model calls symbol ink; undefined for a box without ink. */
export function symbolInkShare(box: DetectedSymbol, ink: InkImage, classes: InkClasses): number | undefined {
  let [inked, symbol] = [0, 0];
  for (let y = Math.max(0, box.y0); y <= Math.min(ink.height - 1, box.y1); y++) {
    const row = Math.min(classes.rows - 1, Math.floor(y / classes.cellSize)) * classes.cols;
    for (let x = Math.max(0, box.x0); x <= Math.min(ink.width - 1, box.x1); x++) {
      if (!ink.mask[y * ink.width + x]) continue;
      inked++;
      if (classes.cells[row + Math.min(classes.cols - 1, Math.floor(x / classes.cellSize))] === SYMBOL) symbol++;
    }
  }
  return inked > 0 ? symbol / inked : undefined;
}

/**
 * The symbols without the rules' valves and fittings that no detection (sure or not) overlaps and whose ink the
 * line-ink model mostly calls something other than symbol ink. Detector symbols, equipment and instruments stay.
 */
export function withoutLineInkSymbols(
  symbols: DetectedSymbol[],
  detected: readonly DetectedSymbol[],
  ink: InkImage,
  classes: InkClasses,
): DetectedSymbol[] {
  return symbols.filter((symbol) => {
    // A detection overlaps itself: the detector's symbols always stay.
    if ((symbol.elementType !== 'valve' && symbol.elementType !== 'fitting') || detected.some((d) => overlaps(symbol, d))) return true;
    const share = symbolInkShare(symbol, ink, classes);
    return share === undefined || share >= MIN_SYMBOL_INK;
  });
}
