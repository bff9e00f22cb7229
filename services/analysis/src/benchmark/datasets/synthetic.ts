import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TruthSheet } from '../ground-truth';
import type { BenchDrawing } from './bench-drawing';

/** The generator's API (`src/synthetic`), typed here until it is in every checkout. */
interface SyntheticGenerator {
  heldOutSet(): SyntheticOptions[];
  generateSyntheticDrawing(options: SyntheticOptions): Promise<{
    truth: TruthSheet;
    pdf: Uint8Array;
    raster: Buffer;
    rasterFormat: 'png' | 'jpeg';
  }>;
}
type SyntheticOptions = { seed: number } & Record<string, unknown>;

/** Generated sheets are kept under the repository's `var/bench/synthetic/`, named by their options. */
const CACHE_DIR = path.resolve(__dirname, '../../../../../var/bench/synthetic');

async function generator(): Promise<SyntheticGenerator | undefined> {
  const entry = path.resolve(__dirname, '../../synthetic/index.js');
  return existsSync(entry) ? ((await import(entry)) as SyntheticGenerator) : undefined;
}

interface CachedSheet {
  raster: string;
  pdf: string;
  truth: TruthSheet;
}

async function cachedSheet(synthetic: SyntheticGenerator, options: SyntheticOptions): Promise<CachedSheet> {
  const key = `seed${options.seed}-${createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 10)}`;
  const truthFile = path.join(CACHE_DIR, `${key}.truth.json`);
  if (existsSync(truthFile)) return JSON.parse(await readFile(truthFile, 'utf8')) as CachedSheet;
  const drawing = await synthetic.generateSyntheticDrawing(options);
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

/** The held-out synthetic set, each sheet as raster and as vector PDF; none while the generator is not built. */
export async function syntheticDrawings(): Promise<BenchDrawing[]> {
  const synthetic = await generator();
  if (!synthetic) {
    process.stderr.write('bench: the synthetic generator (src/synthetic) is not built: no synthetic rows\n');
    return [];
  }
  return synthetic.heldOutSet().flatMap((options): BenchDrawing[] => {
    const name = [options.seed, options.style, options.density, options.paper, options.degrade ? 'scan' : ''].filter(Boolean).join(' ');
    return [
      {
        dataset: 'synthetic-raster',
        name,
        prepare: async () => {
          const sheet = await cachedSheet(synthetic, options);
          return { file: sheet.raster, truth: sheet.truth };
        },
      },
      {
        // The scan look (rotation included) is the raster's only: the PDF's truth is the clean sheet's.
        dataset: 'synthetic-pdf',
        name,
        prepare: async () => {
          const sheet = await cachedSheet(synthetic, { ...options, degrade: false });
          return { file: sheet.pdf, truth: sheet.truth };
        },
      },
    ];
  });
}
