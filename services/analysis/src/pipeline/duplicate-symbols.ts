import { boxArea, overlapArea } from './components';
import type { DetectedSymbol } from './symbols';

/** Two symbols whose boxes overlap this much (intersection over union) are one drawn symbol found twice. */
const SAME_SYMBOL_IOU = 0.5;
/**
 * So is a box lying inside another at least a third its size (a strainer's grid read as a flange joint): a symbol
 * drawn inside another is far smaller (a nozzle's flange in a vessel's box).
 */
const INSIDE_SHARE = 0.85;
const INSIDE_MIN_SIZE = 1 / 3;

/**
 * A flange lying inside a valve's box, whatever its size, is the valve's own ink (a flanged end, the waist where its
 * two cones meet, its bonnet): a valve is found whole, and a flange drawn on its pipe stands outside it. So is one
 * inside a fitting the detector found whole but could not name (a sight glass's rims, a hose coupling's collar).
 */
function partOfAnother(flange: DetectedSymbol, symbols: readonly DetectedSymbol[]): boolean {
  return (
    flange.description === 'flange' &&
    symbols.some((other) => holdsFlanges(other) && overlapArea(flange, other) >= INSIDE_SHARE * boxArea(flange))
  );
}

/** A valve, or a fitting of no class of ours (`other_symbol`, described as a plain symbol). */
const holdsFlanges = (symbol: DetectedSymbol) =>
  symbol.elementType === 'valve' || (symbol.elementType === 'fitting' && symbol.description === 'symbol');

function sameInk(a: DetectedSymbol, b: DetectedSymbol): boolean {
  const shared = overlapArea(a, b);
  const [small, large] = [Math.min(boxArea(a), boxArea(b)), Math.max(boxArea(a), boxArea(b))];
  return shared / (small + large - shared) >= SAME_SYMBOL_IOU || (shared >= INSIDE_SHARE * small && small >= INSIDE_MIN_SIZE * large);
}

/**
 * One symbol per drawn symbol: where the rules and the detector, or two rules, box the same ink, the surer one stays
 * (of two as sure, the first). A second box there split pipes between the two (a gridded strainer also read as a
 * flange joint took the strainer's pipes), and is a false symbol. Text is left as it is.
 */
export function withoutDuplicates(symbols: DetectedSymbol[]): DetectedSymbol[] {
  const surest = symbols.filter((symbol) => symbol.elementType !== 'text').sort((a, b) => b.confidence - a.confidence);
  const dropped = new Set<DetectedSymbol>();
  const kept: DetectedSymbol[] = [];
  for (const symbol of surest) {
    if (kept.some((other) => sameInk(symbol, other)) || partOfAnother(symbol, surest)) dropped.add(symbol);
    else kept.push(symbol);
  }
  return symbols.filter((symbol) => !dropped.has(symbol));
}
