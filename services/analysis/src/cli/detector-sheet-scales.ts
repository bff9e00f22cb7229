/**
 * The scale each corpus sheet is trained and scored at, by the product's own measure (`page-scale.ts`): its text
 * brought to the training corpus's median text height at half size. Written once per corpus as `scales.json`.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { loadPageImage } from '../ingest/page-image';
import { PDF_PAGE_OPTIONS } from '../ingest/pdf-options';
import { median } from '../pipeline/text-lines';
import { pageScaleFor, textHeight } from '../symbols/detector/page-scale';

/** Where a sheet's text height is unknown, and the median sheet's scale: the first detector's fixed half. */
export const FALLBACK_SCALE = 0.5;

export interface SheetScales {
  /** Text height (detector pixels) every sheet is scaled to. */
  targetTextHeight: number;
  /** Each sheet's measured text height (page pixels, null when unknown) and its scale. */
  sheets: Record<string, { textHeight: number | null; scale: number }>;
}

/** The text height of each sheet file (page pixels, null when unknown), progress on stderr. */
async function measureFiles(corpus: string, files: string[], onSheet: () => void): Promise<Record<string, number | null>> {
  const heights: Record<string, number | null> = {};
  for (const file of files) {
    const page = await loadPageImage(await readFile(path.join(corpus, 'sheets', file)), {
      maxProcessingPixels: 200_000_000,
      pdf: PDF_PAGE_OPTIONS,
    });
    heights[file.replace(/\.(png|jpg)$/, '')] = textHeight(page);
    onSheet();
  }
  return heights;
}

/** Measures every sheet of a corpus (cached in `text-heights.json`), one worker thread per core, progress on stderr. */
async function measuredTextHeights(corpus: string): Promise<Record<string, number | null>> {
  const cache = path.join(corpus, 'text-heights.json');
  if (existsSync(cache)) return JSON.parse(await readFile(cache, 'utf8')) as Record<string, number | null>;
  const files = (await readdir(path.join(corpus, 'sheets'))).filter((file) => /\.(png|jpg)$/.test(file)).sort();
  let done = 0;
  const threads = Math.min(availableParallelism(), files.length);
  const shares = Array.from({ length: threads }, (_, k) => files.filter((_, i) => i % threads === k));
  const parts = await Promise.all(
    shares.map(
      (share) =>
        new Promise<Record<string, number | null>>((resolve, reject) => {
          const worker = new Worker(__filename, { workerData: { measureTextHeights: true, corpus, files: share } });
          worker.on('message', (message: { sheet?: true; heights?: Record<string, number | null> }) => {
            if (message.heights) resolve(message.heights);
            else process.stderr.write(`\rtext height ${++done}/${files.length}`);
          });
          worker.on('error', reject);
          worker.on('exit', (code) => code !== 0 && reject(new Error(`text height worker exited with ${code}`)));
        }),
    ),
  );
  process.stderr.write('\n');
  const heights = Object.assign({}, ...parts) as Record<string, number | null>;
  await writeFile(cache, JSON.stringify(heights));
  return heights;
}

// A thread started above; other threads that load this module (none today) are left alone.
const task = workerData as { measureTextHeights?: true; corpus: string; files: string[] } | null;
if (!isMainThread && parentPort && task?.measureTextHeights) {
  const port = parentPort;
  const { corpus, files } = task;
  void measureFiles(corpus, files, () => port.postMessage({ sheet: true })).then((heights) => port.postMessage({ heights }));
}

/** The training corpus sets the target; each corpus gets its sheets' scales in `scales.json`. */
export async function writeSheetScales(trainDir: string, ...others: string[]): Promise<number> {
  const train = await measuredTextHeights(trainDir);
  const known = Object.values(train).filter((height): height is number => height !== null);
  if (!known.length) throw new Error(`No text height could be measured on any sheet of ${trainDir}`);
  const targetTextHeight = median(known) * FALLBACK_SCALE;
  for (const dir of [trainDir, ...others]) {
    const heights = dir === trainDir ? train : await measuredTextHeights(dir);
    const sheets = Object.fromEntries(
      Object.entries(heights).map(([name, height]) => [
        name,
        { textHeight: height, scale: pageScaleFor(height, targetTextHeight, FALLBACK_SCALE) },
      ]),
    );
    await writeFile(path.join(dir, 'scales.json'), JSON.stringify({ targetTextHeight, sheets } satisfies SheetScales));
  }
  return targetTextHeight;
}
