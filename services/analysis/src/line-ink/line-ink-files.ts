/**
 * The committed line-ink model (`models/line-ink/`): `line-ink.onnx` and `line-ink.json` (classes, scale, tiling,
 * training record), written by `training/line_ink/train.py`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const DEFAULT_LINE_INK_DIR = path.resolve(__dirname, '../../models/line-ink');

/** The model's classes, in its output's channel order. */
export const LINE_INK_CLASSES = ['process_line', 'signal_line', 'symbol', 'text', 'other'] as const;
export type LineInkClass = (typeof LINE_INK_CLASSES)[number];

export interface LineInkManifest {
  architecture: string;
  classes: LineInkClass[];
  /** One answer per `stride` x `stride` pixels of the model's input. */
  stride: number;
  tile: number;
  /** Each tile's border of this many pixels is read but not kept. */
  margin: number;
  /**
   * A page is read at `scaleOverDetector` times the scale that brings its text to `textHeight` px (the symbol
   * detector's rule, `page-scale.ts`), at most full size; `pageScale` stands in for that scale where a page's text
   * height is unknown.
   */
  scaleOverDetector: number;
  textHeight: number;
  pageScale: number;
  /** The commit the weights were trained at. */
  commit: string;
  training: Record<string, unknown>;
}

export async function readLineInkManifest(dir = DEFAULT_LINE_INK_DIR): Promise<LineInkManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'line-ink.json'), 'utf8')) as LineInkManifest;
  if (manifest.classes.join() !== LINE_INK_CLASSES.join()) {
    throw new Error(`${dir}/line-ink.json has classes ${manifest.classes.join(', ')}; expected ${LINE_INK_CLASSES.join(', ')}`);
  }
  return manifest;
}
