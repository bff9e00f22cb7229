/**
 * How a raster page's lines are found: in all of its ink (`rules`), or in the ink the line-ink model calls pipe or
 * other ink, the ink it calls symbol or text left out (`model`). Vector PDF pages keep their exact strokes.
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
