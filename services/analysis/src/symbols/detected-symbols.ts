/** The detector's symbols as the pipeline's `DetectedSymbol`s, in processing pixels. */
import type { DetectedSymbol } from '../pipeline/symbols';
import type { GrayPage } from './detector/page-detector';
import type { SymbolDetector } from './detector/symbol-detector';

export async function detectedSymbols(detector: SymbolDetector, page: GrayPage, onTick?: () => void): Promise<DetectedSymbol[]> {
  const found = await detector.detect(page, onTick);
  return found.map((symbol) => ({
    x0: Math.max(0, Math.round(symbol.x0)),
    y0: Math.max(0, Math.round(symbol.y0)),
    x1: Math.min(page.width - 1, Math.round(symbol.x1)),
    y1: Math.min(page.height - 1, Math.round(symbol.y1)),
    elementType: symbol.elementType,
    description: symbol.className === 'other_symbol' ? 'symbol' : symbol.className.replace(/_/g, ' '),
    confidence: symbol.confidence,
    symbolClass: symbol.className === 'other_symbol' ? undefined : symbol.className,
    // Whatever it looks like to the rules after it: the detector saw it whole.
    outlined: true,
  }));
}
