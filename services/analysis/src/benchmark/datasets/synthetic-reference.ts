import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TruthSymbol } from '../ground-truth';
import type { BenchDrawing } from './bench-drawing';
import { NOTHING_COMPLETE } from './bench-drawing';

/**
 * YOLO lines `class cx cy w h`, normalised by the image size. The 32 classes have no names here: the
 * symbols are typed `node` (no scored element type) and only count class-agnostically.
 */
export function parseYolo(text: string, width: number, height: number): TruthSymbol[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((fields) => fields.length === 5 && fields.every(Number.isFinite))
    .map(([cls, cx, cy, w, h], i) => ({
      id: `s${i + 1}`,
      elementType: 'node',
      className: `class_${cls}`,
      bbox: [(cx - w / 2) * width, (cy - h / 2) * height, (cx + w / 2) * width, (cy + h / 2) * height],
    }));
}

/** synthetic_reference: `*.jpg` with YOLO `*.txt`, symbols only. */
export async function syntheticReferenceDrawings(dir: string): Promise<BenchDrawing[]> {
  const sheets = (await readdir(dir)).filter((f) => f.endsWith('.jpg') && existsSync(path.join(dir, f.replace(/\.jpg$/, '.txt'))));
  return sheets.sort().map((jpg) => ({
    dataset: 'synthetic_reference',
    name: jpg,
    prepare: async () => {
      const file = path.join(dir, jpg);
      const { width = 0, height = 0 } = await sharp(file).metadata();
      const symbols = parseYolo(await readFile(file.replace(/\.jpg$/, '.txt'), 'utf8'), width, height);
      return {
        file,
        truth: {
          name: jpg,
          imageSize: { width, height },
          symbols,
          texts: [],
          pipes: [],
          connections: [],
          complete: { ...NOTHING_COMPLETE, symbols: true },
          // Dataset-P&ID boxes a flange pair as one `flange`.
          jointsWhole: true,
        },
      };
    },
  }));
}
