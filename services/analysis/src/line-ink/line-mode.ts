/**
 * How a raster page's lines are found: by the rules alone (`rules`), or by the rules with the signal lines the
 * line-ink model finds added (`model`). Vector PDF pages keep their exact strokes.
 */
import type { AnalyzeOptions } from '../pipeline/analyze-page';
import { modelOnDemand } from '../pipeline/model-on-demand';
import { loadLineInkModel } from './line-ink-model';

export const LINE_MODES = ['rules', 'model'] as const;
export type LineMode = (typeof LINE_MODES)[number];
/**
 * The mode the worker, the CLI and the benchmark use unless told otherwise: on the held-out corpus of every drafting
 * style the model's signal lines raise connection F1 from 0.52 to 0.55 (hybrid symbols), on the held-out synthetic
 * sheets from 0.92 to 0.93; DEXPI's and kr_refinery's figures are unchanged. It costs about 1.5–2 s per A3 sheet and
 * 6–9 s per A1 on one core, and under 0.1 GB.
 */
export const DEFAULT_LINE_MODE: LineMode = 'model';

export function isLineMode(value: string): value is LineMode {
  return (LINE_MODES as readonly string[]).includes(value);
}

/** The analysis options for a mode (the model loaded once, at the first page that needs it) and its release. */
export function lineModeOptions(mode: LineMode): { options: Pick<AnalyzeOptions, 'lineInk'>; dispose: () => Promise<void> } {
  if (mode === 'rules') return { options: {}, dispose: async () => undefined };
  const model = modelOnDemand(() => loadLineInkModel());
  return { options: { lineInk: model.get }, dispose: model.dispose };
}
