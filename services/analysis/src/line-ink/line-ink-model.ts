/**
 * The line-ink model on onnxruntime: names each bit of a page's ink process line, signal line, symbol, text or other
 * ink. The page is read at its own scale (`scaleOverDetector` times the symbol detector's, from its text height), in
 * overlapping tiles whose borders are read but not kept.
 */
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { pageScaleFor, resampledInk, textHeight } from '../symbols/detector/page-scale';
import type { GrayPage } from '../symbols/detector/page-detector';
import { DEFAULT_LINE_INK_DIR, readLineInkManifest, type LineInkManifest } from './line-ink-files';

/** A class index (`LINE_INK_CLASSES`) per cell; a cell covers `cellSize` page pixels each way. */
export interface InkClasses {
  cells: Uint8Array;
  cols: number;
  rows: number;
  cellSize: number;
}

export interface LineInkModel {
  manifest: LineInkManifest;
  classify(page: GrayPage, onTile?: () => void): Promise<InkClasses>;
  dispose(): void;
}

/**
 * Where tiles of `tile` pixels start so that their kept middles (all but `margin` each side) cover `length`; on
 * multiples of `stride`, so that tile cells are page cells (the last tile may reach a pixel past the page).
 */
export function keptTileOrigins(length: number, tile: number, margin: number, stride: number): number[] {
  if (length <= tile) return [0];
  const origins: number[] = [];
  for (let at = 0; at < length - tile; at += tile - 2 * margin) origins.push(at);
  origins.push(Math.ceil((length - tile) / stride) * stride);
  return [...new Set(origins)];
}

/**
 * The model reads at most this many pixels of a page: past it, the scale shrinks to fit (by 0.7 at most on the largest
 * page the pipeline processes, 40 MP, the smallest of the scales the model was trained at). Time grows with pixels: a
 * 40-MP page at full scale took 10 s on one core.
 */
export const MAX_MODEL_PIXELS = 20_000_000;
/** A tile whose ink nowhere reaches this (0..1) is paper: it is not run, and its cells are `other`. */
const PAPER_INK = 0.1;

/** The scale a page is read at: its text brought to the model's height, as the training sheets were, within MAX_MODEL_PIXELS. */
export function lineInkScale(page: GrayPage, manifest: LineInkManifest): number {
  const scale = Math.min(1, manifest.scaleOverDetector * pageScaleFor(textHeight(page), manifest.textHeight, manifest.pageScale));
  return Math.min(scale, Math.sqrt(MAX_MODEL_PIXELS / (page.width * page.height)));
}

/** The cell classes of a page already resampled to the model's scale (ink 0..1, high = ink). */
export async function classifyResampled(
  session: ort.InferenceSession,
  manifest: LineInkManifest,
  ink: Float32Array,
  width: number,
  height: number,
  onTile?: () => void,
): Promise<Omit<InkClasses, 'cellSize'>> {
  const { tile, margin, stride, classes } = manifest;
  const cols = Math.ceil(width / stride);
  const rows = Math.ceil(height / stride);
  const cells = new Uint8Array(cols * rows);
  const input = new Float32Array(tile * tile);
  const xs = keptTileOrigins(width, tile, margin, stride);
  const ys = keptTileOrigins(height, tile, margin, stride);
  const tileCells = tile / stride;
  const other = classes.indexOf('other');
  for (const y of ys) {
    for (const x of xs) {
      input.fill(0);
      let darkest = 0;
      for (let row = 0; row < Math.min(tile, height - y); row++) {
        const from = (y + row) * width + x;
        const line = ink.subarray(from, from + Math.min(tile, width - x));
        input.set(line, row * tile);
        for (let i = 0; i < line.length; i++) if (line[i] > darkest) darkest = line[i];
      }
      // Keep the tile's middle, or its edge where it is the page's.
      const c0 = (x === 0 ? 0 : margin) / stride;
      const r0 = (y === 0 ? 0 : margin) / stride;
      const c1 = Math.min((x + tile >= width ? tile : tile - margin) / stride, cols - x / stride);
      const r1 = Math.min((y + tile >= height ? tile : tile - margin) / stride, rows - y / stride);
      if (darkest < PAPER_INK) {
        for (let r = r0; r < r1; r++)
          cells.fill(other, (y / stride + r) * cols + x / stride + c0, (y / stride + r) * cols + x / stride + c1);
        onTile?.();
        continue;
      }
      const out = await session.run({ ink: new ort.Tensor('float32', input, [1, 1, tile, tile]) });
      const logits = out.classes.data as Float32Array;
      const plane = tileCells * tileCells;
      for (let r = r0; r < r1; r++) {
        for (let c = c0; c < c1; c++) {
          const at = r * tileCells + c;
          let best = 0;
          for (let k = 1; k < classes.length; k++) if (logits[k * plane + at] > logits[best * plane + at]) best = k;
          cells[(y / stride + r) * cols + x / stride + c] = best;
        }
      }
      onTile?.();
    }
  }
  return { cells, cols, rows };
}

export async function loadLineInkModel(dir = DEFAULT_LINE_INK_DIR, threads = 1): Promise<LineInkModel> {
  const manifest = await readLineInkManifest(dir);
  const session = await ort.InferenceSession.create(path.join(dir, 'line-ink.onnx'), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    // Without the arena a page costs about 0.15 (A3) to 0.23 GB (A1) less at its peak, and 0.6 to 2.3 s more.
    enableCpuMemArena: false,
  });
  return {
    manifest,
    async classify(page, onTile) {
      const scale = lineInkScale(page, manifest);
      const { ink, width, height } = resampledInk(page, scale);
      const found = await classifyResampled(session, manifest, ink, width, height, onTile);
      return { ...found, cellSize: manifest.stride * (page.width / width) };
    },
    dispose() {
      void session.release();
    },
  };
}
