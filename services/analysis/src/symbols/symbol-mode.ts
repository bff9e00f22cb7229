/**
 * How a raster page's symbols are found: the geometric rules with the classifier (`rules`), the learned detector
 * alone (`detector`), or the rules' symbols with the detector's added where none stands (`hybrid`; the detector's
 * alone on a page it is as sure of as of its corpus). Vector PDF pages keep their exact path whatever the mode.
 */
import type { AnalyzeOptions } from '../pipeline/analyze-page';
import { modelOnDemand } from '../pipeline/model-on-demand';
import { loadSymbolDetector } from './detector/symbol-detector';
import type { ReadingPlan } from './detector/page-detector';

export const SYMBOL_MODES = ['rules', 'hybrid', 'detector'] as const;
export type SymbolMode = (typeof SYMBOL_MODES)[number];
/**
 * The mode the worker, the CLI and the benchmark use unless told otherwise: the rules alone miss most of the held-out
 * corpus's symbols and the detector alone a third of real sheets' (the rule ablation in the analysis README), so
 * hybrid reads by the detector alone only the pages it is as sure of as of its corpus (`detector-trust.ts`).
 */
export const DEFAULT_SYMBOL_MODE: SymbolMode = 'hybrid';

export function isSymbolMode(value: string): value is SymbolMode {
  return (SYMBOL_MODES as readonly string[]).includes(value);
}

/**
 * How the detector reads a page (`turned-passes.ts`): four ways (as drawn, mirrored, turned, turned and mirrored),
 * each at the page's scale and at 0.8 and 0.65 of it, a symbol scored by its mean over the twelve passes. Four views
 * against one, alone: held-out corpus symbol F1 0.866 -> 0.887 and connection F1 0.661 -> 0.699, `kr_refinery`
 * 0.562 -> 0.589, `synthetic_reference` 0.885 -> 0.911 (DEXPI C02V03.png 0.758 -> 0.750). The two smaller scales,
 * hybrid, paired: held-out corpus symbol F1 0.934 -> 0.939, connection F1 0.834 -> 0.836, `synthetic_reference`
 * 0.92 -> 0.95, `kr_refinery` the same (197 / 261 against 198 / 264), C02V03.png one connection fewer (7 of 9); a
 * larger one (1.25) as well bought no more. Beside the rules, the page as drawn corrects their symbols (the four
 * fused there cost DEXPI's connections 0.03) and the passes fused add only sure symbols where nothing stands
 * (`fusion-views`).
 */
export const DETECTOR_READING: ReadingPlan = { views: 4, scales: [1, 0.8, 0.65] };

/** The analysis options for a mode (the detector loaded once, at the first page that needs it) and its release. */
export function symbolModeOptions(mode: SymbolMode): {
  options: Pick<AnalyzeOptions, 'symbolDetector' | 'symbolMode'>;
  dispose: () => Promise<void>;
} {
  if (mode === 'rules') return { options: {}, dispose: async () => undefined };
  const detector = modelOnDemand(() => loadSymbolDetector(undefined, 1, DETECTOR_READING));
  return { options: { symbolDetector: detector.get, symbolMode: mode }, dispose: detector.dispose };
}
