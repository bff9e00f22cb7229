/**
 * How a raster page's lines are found: by the rules alone (`rules`), or by the rules with the signal lines the
 * line-ink model finds added (`model`). Vector PDF pages keep their exact strokes.
 */
import type { AnalyzeOptions } from '../pipeline/analyze-page';
import { loadLineInkModel, type LineInkModel } from './line-ink-model';

export const LINE_MODES = ['rules', 'model'] as const;
export type LineMode = (typeof LINE_MODES)[number];
export const DEFAULT_LINE_MODE: LineMode = 'rules';

export function isLineMode(value: string): value is LineMode {
  return (LINE_MODES as readonly string[]).includes(value);
}

/** The analysis options for a mode (the model loaded once, at the first page that needs it) and its release. */
export function lineModeOptions(mode: LineMode): { options: Pick<AnalyzeOptions, 'lineInk'>; dispose: () => Promise<void> } {
  if (mode === 'rules') return { options: {}, dispose: async () => undefined };
  let model: Promise<LineInkModel> | undefined;
  return {
    options: { lineInk: () => (model ??= loadLineInkModel()) },
    dispose: async () => (await model?.catch(() => undefined))?.dispose(),
  };
}
