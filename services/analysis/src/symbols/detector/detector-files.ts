/**
 * The committed symbol detector (`models/symbol-detector/`): `detector.json` (architecture, classes, scale,
 * tiling, threshold, training record, tensor table) and `detector.bin` (float32 weights, batch norm folded in),
 * written by `training/detector/export.py`; `detector.onnx` is the same network for onnxruntime.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ElementType } from '@pid/contracts';

export const DEFAULT_DETECTOR_DIR = path.resolve(__dirname, '../../../models/symbol-detector');

export interface DetectorManifest {
  architecture: string;
  /** Backbone widths at strides 2, 4, 8 and on (one stage per halving), and the neck's width, as `training/detector/model.py` builds them. */
  widths: number[];
  neck: number;
  stride: number;
  /** The page is read at this share of its pixel size where its text height is unknown. */
  pageScale: number;
  /** Text height (detector pixels) the training sheets were scaled to; a page is read with its text at this height. */
  textHeight?: number;
  tile: number;
  overlap: number;
  nmsIou: number;
  /** The score above which a detection is kept (chosen on the held-out corpus). */
  threshold: number;
  /** Heatmap channel order: our classes, then `other_symbol`. */
  classes: string[];
  /** Each class's element type; null for `other_symbol`. */
  elementTypes: Array<ElementType | null>;
  /** The commit the weights were trained at. */
  commit: string;
  training: Record<string, unknown>;
  tensors: Array<{ name: string; shape: number[]; offset: number }>;
}

export interface DetectorWeights {
  manifest: DetectorManifest;
  /** Each tensor by name (`stages.0.0.weight` is `[out, in, 3, 3]`). */
  tensors: Map<string, { shape: number[]; values: Float32Array }>;
}

export async function readDetectorManifest(dir = DEFAULT_DETECTOR_DIR): Promise<DetectorManifest> {
  return JSON.parse(await readFile(path.join(dir, 'detector.json'), 'utf8')) as DetectorManifest;
}

export async function readDetectorWeights(dir = DEFAULT_DETECTOR_DIR): Promise<DetectorWeights> {
  const manifest = await readDetectorManifest(dir);
  const bytes = await readFile(path.join(dir, 'detector.bin'));
  // Whole float32 values only: a cut file ends mid-value, and is then found too short for a tensor below.
  const whole = bytes.byteLength - (bytes.byteLength % 4);
  const all = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + whole));
  const tensors = new Map<string, { shape: number[]; values: Float32Array }>();
  for (const { name, shape, offset } of manifest.tensors) {
    const size = shape.reduce((a, b) => a * b, 1);
    if (offset + size > all.length) throw new Error(`${dir}/detector.bin is too short for tensor ${name}`);
    tensors.set(name, { shape, values: all.subarray(offset, offset + size) });
  }
  return { manifest, tensors };
}
