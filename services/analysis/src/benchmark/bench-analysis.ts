/**
 * `npm run bench:analysis -- [--dataset <dir>] [--corpus <dir>] [--only <text>] [--no-ocr] [--no-classifier] [--no-vector] [--symbols detector|hybrid|rules] [--lines rules|model] [--json <file>] [--overlay-dir <dir>]`
 * Runs the analysis CLI on every drawing of the synthetic held-out set (default), of a pid-dev folder and/or of a
 * training-corpus folder, and scores it against the ground truth: tables on stdout, progress on stderr. A corpus
 * is also reported by drafting-style band.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchDrawing } from './datasets/bench-drawing';
import { chosenDrawings, DRAWING_OPTIONS } from './datasets/chosen-drawings';
import { sheetFigures } from './figures';
import { datasetResult, datasetTables, type DrawingResult } from './report';
import { bandReport, bandTables } from './report-bands';
import { drawMisses } from './misses-overlay';
import { judgeDrawing } from './judge-drawing';
import type { LineMode } from '../line-ink/line-mode';
import type { SymbolMode } from '../symbols/symbol-mode';
import { typedPath } from '../cli/run-cli';

const USAGE =
  'usage: npm run bench:analysis -- [--dataset <dir>] [--corpus <dir>] [--only <text>] [--no-ocr] [--no-classifier] [--no-vector] [--symbols detector|hybrid|rules] [--lines rules|model] [--json <file>] [--overlay-dir <dir>]\n';

async function benchDrawing(
  drawing: BenchDrawing,
  options: { noOcr: boolean; noClassifier: boolean; noVector: boolean; symbols?: SymbolMode; lines?: LineMode; overlayDir?: string },
): Promise<DrawingResult> {
  const { dataset, name, bands } = drawing;
  // The extension stays in the name: a sheet's raster and PDF rows get an overlay each.
  const overlay =
    options.overlayDir &&
    path.join(options.overlayDir, `${dataset}-${name.replace(/\.(png|jpe?g|pdf)$/i, '-$1')}`.replace(/[^\w.-]+/g, '_') + '.png');
  try {
    const { document, stats, truth, judgement } = await judgeDrawing(drawing, {
      noOcr: options.noOcr,
      noClassifier: options.noClassifier,
      noVector: options.noVector,
      symbols: options.symbols,
      lines: options.lines,
      overlay,
    });
    const { score, misses } = judgement;
    if (overlay && truth && misses)
      await writeFile(overlay.replace(/\.png$/, '-misses.png'), await drawMisses(await readFile(overlay), truth.imageSize, misses));
    return { dataset, name, bands, source: document.analysis_source, score, stats };
  } catch (error) {
    return { dataset, name, bands, error: error instanceof Error ? error.message : String(error) };
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      ...DRAWING_OPTIONS,
      'no-ocr': { type: 'boolean' },
      'no-classifier': { type: 'boolean' },
      'no-vector': { type: 'boolean' },
      'overlay-dir': { type: 'string' },
      symbols: { type: 'string' },
      lines: { type: 'string' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const overlayDir = values['overlay-dir'] && typedPath(values['overlay-dir']);
  if (overlayDir) await mkdir(overlayDir, { recursive: true });
  const drawings = await chosenDrawings(values);
  const results: DrawingResult[] = [];
  for (const [i, drawing] of drawings.entries()) {
    process.stderr.write(`bench: [${i + 1}/${drawings.length}] ${drawing.dataset}/${drawing.name}\n`);
    const result = await benchDrawing(drawing, {
      noOcr: values['no-ocr'] ?? false,
      noClassifier: values['no-classifier'] ?? false,
      noVector: values['no-vector'] ?? false,
      symbols: values.symbols as SymbolMode | undefined,
      lines: values.lines as LineMode | undefined,
      overlayDir,
    });
    if (result.error) process.stderr.write(`bench: ${drawing.dataset}/${drawing.name} failed: ${result.error}\n`);
    results.push(result);
  }
  const datasets = [...new Set(results.map((r) => r.dataset))].map((dataset) =>
    datasetResult(
      dataset,
      results.filter((r) => r.dataset === dataset),
    ),
  );
  // A corpus's tables by style band follow its usual ones.
  const tables = datasets.map((result) => {
    const bands = bandReport(result.drawings);
    return bands ? `${datasetTables(result)}\n\n${bandTables(bands)}` : datasetTables(result);
  });
  process.stdout.write(`${tables.join('\n\n')}\n`);
  if (values.json) {
    const report = datasets.map(({ dataset, drawings: rows, total, meanSeconds, maxPeakRssMb }) => ({
      dataset,
      meanSeconds,
      maxPeakRssMb,
      figures: total && sheetFigures(total),
      counts: total,
      styleBands: bandReport(rows),
      drawings: rows.map((r) => ({
        name: r.name,
        error: r.error,
        stats: r.stats,
        bands: r.bands,
        figures: r.score && sheetFigures(r.score),
        counts: r.score,
      })),
    }));
    await writeFile(typedPath(values.json), `${JSON.stringify({ datasets: report }, null, 2)}\n`);
  }
  return results.some((r) => r.error) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n${USAGE}`);
    process.exit(2);
  },
);
