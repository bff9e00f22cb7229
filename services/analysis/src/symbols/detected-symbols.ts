/** The detector's symbols as the pipeline's `DetectedSymbol`s, in processing pixels. */
import { boxArea, overlapArea } from '../pipeline/components';
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

/**
 * Beside the rules' symbols, a detection is added only from this confidence on: the less sure half of what the
 * rules missed is mostly what they rightly left out (pid-dev, hybrid: kr_refinery P 0.65 -> 0.75 at equal recall).
 */
const HYBRID_MIN_CONFIDENCE = 0.5;

/**
 * The detector's symbols alone, or, beside the rules' symbols, those of its symbols from `HYBRID_MIN_CONFIDENCE`
 * that overlap none of them by more than a fifth of the smaller box (what the rules missed).
 */
export function withDetections(ruled: DetectedSymbol[] | undefined, detected: DetectedSymbol[]): DetectedSymbol[] {
  if (!ruled) return detected;
  const symbols = ruled.filter((symbol) => symbol.elementType !== 'text');
  const free = detected.filter(
    (d) =>
      d.confidence >= HYBRID_MIN_CONFIDENCE &&
      symbols.every((symbol) => overlapArea(symbol, d) < 0.2 * Math.min(boxArea(symbol), boxArea(d))),
  );
  return [...ruled, ...free];
}
