import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSyntheticDrawing, heldOutSet, resolveOptions, sheetName, type SyntheticOptions } from '../../synthetic';
import { generatorDigest } from '../../synthetic/generator-digest';
import type { TruthSheet } from '../ground-truth';
import type { BenchDrawing } from './bench-drawing';

/** Generated sheets are kept under the repository's `var/bench/synthetic/`, named by their options and the generator's code. */
const CACHE_DIR = path.resolve(__dirname, '../../../../../var/bench/synthetic');

interface CachedSheet {
  raster: string;
  pdf: string;
  truth: TruthSheet;
}

async function cachedSheet(options: SyntheticOptions): Promise<CachedSheet> {
  const used = resolveOptions(options);
  const digest = createHash('sha256').update(JSON.stringify(used)).update(generatorDigest()).digest('hex');
  const key = `${sheetName(used)}-${digest.slice(0, 8)}`;
  const truthFile = path.join(CACHE_DIR, `${key}.truth.json`);
  if (existsSync(truthFile)) return JSON.parse(await readFile(truthFile, 'utf8')) as CachedSheet;
  const drawing = await generateSyntheticDrawing(used);
  const sheet: CachedSheet = {
    raster: path.join(CACHE_DIR, `${key}.${drawing.rasterFormat === 'png' ? 'png' : 'jpg'}`),
    pdf: path.join(CACHE_DIR, `${key}.pdf`),
    truth: drawing.truth,
  };
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(sheet.raster, drawing.raster);
  await writeFile(sheet.pdf, drawing.pdf);
  await writeFile(truthFile, JSON.stringify(sheet)); // last: a cache entry exists only once complete
  return sheet;
}

/** A generated sheet as its vector PDF. */
export function syntheticPdfDrawing(options: SyntheticOptions): BenchDrawing {
  return {
    dataset: 'synthetic-pdf',
    name: sheetName(resolveOptions(options)),
    prepare: async () => {
      // The scan look (rotation included) is the raster's only: the PDF's truth is the clean sheet's.
      const sheet = await cachedSheet({ ...options, degrade: false });
      return { file: sheet.pdf, truth: sheet.truth };
    },
  };
}

/**
 * `count` generated sheets as vector PDFs from `seed` on, one in four on A1: the drafting style follows the seed
 * (cycling by three), the density every third sheet, so any nine in a row hold each style at each density.
 */
export function styledPdfDrawings({ seed, count }: { seed: number; count: number }): BenchDrawing[] {
  const densities = ['sparse', 'normal', 'dense'] as const;
  return Array.from({ length: count }, (_, i) =>
    syntheticPdfDrawing({ seed: seed + i, density: densities[Math.floor(i / 3) % 3], paper: i % 4 === 3 ? 'A1' : 'A3', degrade: false }),
  );
}

/** The held-out synthetic set, each sheet as raster and as vector PDF. */
export function syntheticDrawings(): BenchDrawing[] {
  return heldOutSet().flatMap((options): BenchDrawing[] => [
    {
      dataset: 'synthetic-raster',
      name: sheetName(resolveOptions(options)),
      prepare: async () => {
        const sheet = await cachedSheet(options);
        return { file: sheet.raster, truth: sheet.truth };
      },
    },
    syntheticPdfDrawing(options),
  ]);
}
