/** Unsure detections of the element types that little else on a sheet looks like, kept on a trusted page. */
import type { ElementType } from '@pid/contracts';
import type { DetectedSymbol } from '../pipeline/symbols';
import { overlaps } from './detected-symbols';

/**
 * Valves, equipment and off-page connectors: shapes of several strokes that text, line ends and scan marks seldom
 * imitate, unlike a fitting's bar or disc.
 */
const DISTINCT_TYPES: ReadonlySet<ElementType> = new Set(['valve', 'equipment', 'off_page_connector']);

/**
 * The least confidence at which such an unsure detection stands: a fused score of 0.25 where the threshold is 0.3
 * (confidence is the share of held-out detections right at that score, `calibrated`).
 */
export const DISTINCT_MIN_CONFIDENCE = 0.1;

/**
 * The unsure detections (fused from half the threshold up to it) of a distinct element type, from
 * `DISTINCT_MIN_CONFIDENCE` on, that overlap no symbol kept and no surer one of themselves.
 */
export function distinctUnsure(symbols: readonly DetectedSymbol[], unsure: readonly DetectedSymbol[]): DetectedSymbol[] {
  const kept: DetectedSymbol[] = [];
  const candidates = unsure
    .filter((d) => DISTINCT_TYPES.has(d.elementType) && d.confidence >= DISTINCT_MIN_CONFIDENCE)
    .sort((a, b) => b.confidence - a.confidence);
  for (const d of candidates) if (![...symbols, ...kept].some((symbol) => overlaps(symbol, d))) kept.push(d);
  return kept;
}
