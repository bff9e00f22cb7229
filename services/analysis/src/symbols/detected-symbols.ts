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

const overlaps = (a: DetectedSymbol, b: DetectedSymbol) => overlapArea(a, b) >= 0.2 * Math.min(boxArea(a), boxArea(b));

/**
 * The detector's symbols alone, or the rules' symbols corrected by its sure ones (from `HYBRID_MIN_CONFIDENCE`):
 * - a sure detection that overlaps no rules symbol by more than a fifth of the smaller box is added (the rules
 *   missed it);
 * - two or more, side by side, that each lie inside one rules symbol replace it: the rules took neighbours drawn
 *   close together for one symbol.
 */
export function withDetections(ruled: DetectedSymbol[] | undefined, detected: DetectedSymbol[]): DetectedSymbol[] {
  if (!ruled) return detected;
  const symbols = ruled.filter((symbol) => symbol.elementType !== 'text');
  const sure = detected.filter((d) => d.confidence >= HYBRID_MIN_CONFIDENCE);
  const replaced = new Map<DetectedSymbol, DetectedSymbol[]>();
  const used = new Set<DetectedSymbol>();
  for (const symbol of symbols) {
    const inside = sure.filter((d) => !used.has(d) && overlapArea(symbol, d) >= 0.85 * boxArea(d));
    const apart = inside.every((a, i) => inside.every((b, j) => i === j || !overlaps(a, b)));
    if (inside.length < 2 || !apart) continue;
    replaced.set(symbol, inside);
    for (const d of inside) used.add(d);
  }
  const free = sure.filter((d) => symbols.every((symbol) => !overlaps(symbol, d)));
  return [...ruled.flatMap((symbol) => replaced.get(symbol) ?? [symbol]), ...free];
}
