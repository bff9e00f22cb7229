/** The detector's symbols as the pipeline's `DetectedSymbol`s, in processing pixels. */
import { boxArea, boxIou, overlapArea } from '../pipeline/components';
import type { DetectedSymbol } from '../pipeline/symbols';
import { ruleOn, type RuleModule } from '../pipeline/rule-modules';
import type { GrayPage, PageReading } from './detector/page-detector';
import type { FoundSymbol, SymbolDetector } from './detector/symbol-detector';

export async function detectedSymbols(detector: SymbolDetector, page: GrayPage, onTick?: () => void): Promise<PageReading<DetectedSymbol>> {
  const { fused, asDrawn, unsure } = await detector.detect(page, onTick);
  const detected = asDetectedSymbol(page);
  return { fused: fused.map(detected), asDrawn: asDrawn.map(detected), unsure: unsure.map(detected) };
}

const asDetectedSymbol =
  (page: GrayPage) =>
  (symbol: FoundSymbol): DetectedSymbol => ({
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
  });

/**
 * Beside the rules' symbols, a detection is added only from this confidence on: the less sure half of what the
 * rules missed is mostly what they rightly left out (pid-dev, hybrid: kr_refinery P 0.65 -> 0.75 at equal recall).
 */
export const HYBRID_MIN_CONFIDENCE = 0.5;

/** Two symbols overlap when they share a fifth of the smaller box. */
export const overlaps = (a: DetectedSymbol, b: DetectedSymbol) => overlapArea(a, b) >= 0.2 * Math.min(boxArea(a), boxArea(b));

/**
 * The classifier's scores run higher than the detector's, which are the share of held-out detections that were
 * right: a rules symbol keeps its name against a detection only when surer by this much.
 */
const RULES_SCORE_MARGIN = 0.15;

/**
 * The detector's symbols alone, or the rules' symbols corrected by its sure ones (from `HYBRID_MIN_CONFIDENCE`):
 * - a sure detection that overlaps no rules symbol by more than a fifth of the smaller box is added (the rules
 *   missed it);
 * - one that boxes the same symbol as a rules symbol (IoU ≥ 0.5), not less sure by `RULES_SCORE_MARGIN`, names it, on
 *   the rules' box: the detector sees the symbol in its setting (a utility connection's cells at a branch's end), the
 *   classifier a crop;
 * - of the `confirmed` detections (the page read four ways, fused), a sure one that overlaps nothing found so far is
 *   added: a symbol the page as drawn showed the detector less surely than its turned and mirrored views.
 */
export function withDetections(
  ruled: DetectedSymbol[] | undefined,
  detected: DetectedSymbol[],
  without?: ReadonlySet<RuleModule>,
  confirmed: DetectedSymbol[] = [],
): DetectedSymbol[] {
  if (!ruled) return detected;
  const symbols = ruled.filter((symbol) => symbol.elementType !== 'text');
  const sure = detected.filter((d) => d.confidence >= HYBRID_MIN_CONFIDENCE);
  const used = new Set<DetectedSymbol>();
  const free = sure.filter((d) => symbols.every((symbol) => !overlaps(symbol, d)));
  const named = (symbol: DetectedSymbol) => (ruleOn(without, 'fusion-name') ? namedByDetection(symbol, sure, used) : symbol);
  const found = [...ruled.map(named), ...free];
  if (!ruleOn(without, 'fusion-views')) return found;
  for (const d of confirmed) {
    if (d.confidence >= HYBRID_MIN_CONFIDENCE && found.every((symbol) => symbol.elementType === 'text' || !overlaps(symbol, d)))
      found.push(d);
  }
  return found;
}

/** The rules symbol named by the surest unused detection boxing the same symbol, unless less sure by the margin. */
function namedByDetection(symbol: DetectedSymbol, sure: DetectedSymbol[], used: Set<DetectedSymbol>): DetectedSymbol {
  if (symbol.elementType === 'text') return symbol;
  const same = sure.filter((d) => !used.has(d) && d.confidence + RULES_SCORE_MARGIN > symbol.confidence && boxIou(symbol, d) >= 0.5);
  const surest = same.sort((a, b) => b.confidence - a.confidence)[0];
  if (!surest || surest.elementType === symbol.elementType) return symbol;
  used.add(surest);
  const { elementType, description, symbolClass, confidence } = surest;
  return { ...symbol, elementType, description, symbolClass, confidence };
}
