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

/** The most rules symbols one growing detection replaces: a valve body and its actuator, read as two. */
const MAX_PARTS = 2;

/**
 * A sure detection that holds the one or two smaller rules symbols it overlaps takes their place where the rules
 * find parts of such symbols: a control valve's body without its actuator (or the two read apart), a pump's casing
 * without its base, an instrument's bubble without its mark. Other valves and fittings are left out: there the
 * detector's larger box was wrong as often (`kr_refinery` valves 55 -> 49 matched).
 */
const grows = (d: DetectedSymbol) => d.symbolClass === 'control_valve' || d.elementType === 'instrument' || d.elementType === 'equipment';

/** Below this confidence a rules symbol is unsure: one sure detection filling much of it names its box instead. */
const RULES_SURE = 0.8;

/**
 * The classifier's scores run higher than the detector's, which are the share of held-out detections that were
 * right: a rules symbol keeps its box or name against a detection only when surer by this much.
 */
const RULES_SCORE_MARGIN = 0.15;

/**
 * The detector's symbols alone, or the rules' symbols corrected by its sure ones (from `HYBRID_MIN_CONFIDENCE`):
 * - a sure detection that overlaps no rules symbol by more than a fifth of the smaller box is added (the rules
 *   missed it);
 * - two or more, side by side, that each lie inside one rules symbol replace it: the rules took neighbours drawn
 *   close together for one symbol;
 * - one alone inside an unsure rules symbol, filling from a third to three quarters of it, replaces it: the rules
 *   took a symbol with something beside it (a tag's letter, a piece of pipe) for one;
 * - one that `grows` and holds the one or two smaller rules symbols it overlaps replaces them;
 * - one of the four views fused that boxes the one rules symbol it overlaps differently, and is not less sure by
 *   `RULES_SCORE_MARGIN` or more, gives the box (`reboxedBySurer`);
 * - one that boxes the same symbol as a rules symbol (IoU ≥ 0.5), not less sure by the margin, names it, on the
 *   rules' box: the detector sees the symbol in its setting (a utility connection's cells at a branch's end), the
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
  const [split, shrink, grow, name, views, surer] = (
    ['fusion-split', 'fusion-shrink', 'fusion-grow', 'fusion-name', 'fusion-views', 'fusion-surer'] as const
  ).map((module) => ruleOn(without, module));
  const symbols = ruled.filter((symbol) => symbol.elementType !== 'text');
  const sure = detected.filter((d) => d.confidence >= HYBRID_MIN_CONFIDENCE);
  const replaced = new Map<DetectedSymbol, DetectedSymbol[]>();
  const used = new Set<DetectedSymbol>();
  for (const symbol of symbols) {
    const inside = sure.filter((d) => !used.has(d) && overlapArea(symbol, d) >= 0.85 * boxArea(d));
    const apart = inside.every((a, i) => inside.every((b, j) => i === j || !overlaps(a, b)));
    const share = inside.length === 1 ? boxArea(inside[0]) / boxArea(symbol) : 0;
    const tighter = shrink && symbol.confidence < RULES_SURE && share >= 1 / 3 && share <= 0.75;
    if (!(split && inside.length >= 2 && apart) && !tighter) continue;
    replaced.set(symbol, inside);
    for (const d of inside) used.add(d);
  }
  for (const d of sure) {
    if (!grow || used.has(d) || !grows(d)) continue;
    const parts = symbols.filter((symbol) => overlaps(symbol, d));
    const held = (part: DetectedSymbol) =>
      !replaced.has(part) && overlapArea(part, d) >= 0.85 * boxArea(part) && boxArea(d) >= 1.3 * boxArea(part);
    if (parts.length === 0 || parts.length > MAX_PARTS || !parts.every(held)) continue;
    parts.forEach((part, i) => replaced.set(part, i === 0 ? [d] : []));
    used.add(d);
  }
  if (surer) reboxedBySurer(symbols, confirmed, replaced);
  const free = sure.filter((d) => symbols.every((symbol) => !overlaps(symbol, d)));
  const named = (symbol: DetectedSymbol) => (name ? namedByDetection(symbol, sure, used) : symbol);
  const found = [...ruled.flatMap((symbol) => replaced.get(symbol) ?? [named(symbol)]), ...free];
  if (!views) return found;
  for (const d of confirmed) {
    if (d.confidence >= HYBRID_MIN_CONFIDENCE && found.every((symbol) => symbol.elementType === 'text' || !overlaps(symbol, d)))
      found.push(d);
  }
  return found;
}

/** Below this IoU a detection and the rules symbol it overlaps are two readings of one place only by chance. */
const MIN_REBOX_IOU = 0.1;

/**
 * Where a sure detection of the four views fused and the one rules symbol it overlaps box one symbol differently
 * (IoU from `MIN_REBOX_IOU` to 0.5), the surer of the two (by `RULES_SCORE_MARGIN`) gives the box: the rules took a
 * symbol with part of its pipe or tag, or only a part of it, the detector saw it whole. A detection that boxes it
 * alike names it instead (`fusion-name`).
 */
function reboxedBySurer(symbols: DetectedSymbol[], confirmed: DetectedSymbol[], replaced: Map<DetectedSymbol, DetectedSymbol[]>) {
  for (const d of confirmed) {
    if (d.confidence < HYBRID_MIN_CONFIDENCE) continue;
    const over = symbols.filter((symbol) => overlaps(symbol, d));
    if (over.length !== 1 || replaced.has(over[0]) || over[0].confidence >= d.confidence + RULES_SCORE_MARGIN) continue;
    const iou = boxIou(over[0], d);
    if (iou < MIN_REBOX_IOU || iou >= 0.5) continue;
    replaced.set(over[0], [d]);
  }
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
