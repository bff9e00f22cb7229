/**
 * `npm run bench:ablation -- [--dataset <dir>] [--corpus <dir>] [--only <text>] [--rules a,b] [--json <file>]`
 * What each symbol rule adds beside the learned detector: every drawing analysed with all rules on (the product's
 * hybrid mode), with each rule of `RULE_MODULES` off in turn, with the detector alone and with the rules alone;
 * symbol and connection F1 per dataset, and each row's change against all rules on. The learned models run once per
 * drawing and their results are reused by every row. Without OCR (no rule reads text); progress on stderr.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadSymbolClassifier } from '../classifier/symbol-classifier';
import { typedPath } from '../cli/run-cli';
import { resultDocument } from '../cli/result-document';
import { MAX_PROCESSING_PIXELS, PDF_PAGE_OPTIONS } from '../ingest/pdf-options';
import { loadLineInkModel, type InkClasses, type LineInkModel } from '../line-ink/line-ink-model';
import { analyzeFilePage } from '../pipeline/analyze-file-page';
import type { AnalyzeOptions } from '../pipeline/analyze-page';
import { loadSymbolDetector, type FoundSymbol, type SymbolDetector } from '../symbols/detector/symbol-detector';
import type { PageReading } from '../symbols/detector/page-detector';
import { DETECTOR_READING } from '../symbols/symbol-mode';
import type { BenchDrawing } from './datasets/bench-drawing';
import { chosenDrawings, DRAWING_OPTIONS } from './datasets/chosen-drawings';
import { ablationTable, chosenRules, variants, type Totals, type Variant } from './ablation-table';
import { precisionRecallF1 } from './figures';
import { readPrediction } from './predictions';
import { addScores, scoreSheet, type SheetScore } from './score-sheet';

const USAGE = 'usage: npm run bench:ablation -- [--dataset <dir>] [--corpus <dir>] [--only <text>] [--rules a,b] [--json <file>]\n';

/** The learned models, loaded once; their answers for the current drawing are kept for every row. */
class ReusedModels {
  /** The detector's reading of the current drawing (both symbol modes read it as `DETECTOR_READING` says). */
  private reading?: Promise<PageReading<FoundSymbol>>;
  private inkClasses?: Promise<InkClasses>;

  private constructor(
    private readonly detector: SymbolDetector,
    private readonly lineInk: LineInkModel,
  ) {}

  static async load(): Promise<ReusedModels> {
    return new ReusedModels(await loadSymbolDetector(undefined, 1, DETECTOR_READING), await loadLineInkModel());
  }

  nextDrawing(): void {
    this.reading = undefined;
    this.inkClasses = undefined;
  }

  options(variant: Variant): Pick<AnalyzeOptions, 'symbolDetector' | 'symbolMode' | 'lineInk'> {
    const lineInk: LineInkModel = {
      ...this.lineInk,
      classify: (page, onTile) => (this.inkClasses ??= this.lineInk.classify(page, onTile)),
      dispose: () => undefined,
    };
    if (variant.symbols === 'rules') return { lineInk: async () => lineInk };
    const detector: SymbolDetector = {
      manifest: this.detector.manifest,
      detect: (page, onTile) => (this.reading ??= this.detector.detect(page, onTile)),
      dispose: () => undefined,
    };
    return { symbolDetector: async () => detector, symbolMode: variant.symbols, lineInk: async () => lineInk };
  }

  dispose(): void {
    this.detector.dispose();
    this.lineInk.dispose();
  }
}

async function benchDrawing(
  drawing: BenchDrawing,
  rows: Variant[],
  models: ReusedModels,
  classifier: ReturnType<typeof loadSymbolClassifier>,
) {
  const { file, truth } = await drawing.prepare();
  const bytes = await readFile(file);
  models.nextDrawing();
  const scores = new Map<string, SheetScore>();
  for (const variant of rows) {
    const analysis = await analyzeFilePage(bytes, {
      page: drawing.page,
      ingest: { maxProcessingPixels: MAX_PROCESSING_PIXELS, pdf: PDF_PAGE_OPTIONS },
      symbolClassifier: () => classifier,
      ...models.options(variant),
      without: variant.without && new Set([variant.without]),
    });
    const document = resultDocument(analysis.imageSize, analysis.elements, analysis.connections, analysis.source);
    scores.set(variant.name, scoreSheet(truth, readPrediction(document, truth?.imageSize ?? document.image_size)));
  }
  return scores;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      ...DRAWING_OPTIONS,
      rules: { type: 'string' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const rows = variants(chosenRules(values.rules));
  const drawings = await chosenDrawings(values);
  const models = await ReusedModels.load();
  const classifier = loadSymbolClassifier();
  const totals: Totals = new Map();
  const started = Date.now();
  try {
    for (const [i, drawing] of drawings.entries()) {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stderr.write(
        `ablation: [${i + 1}/${drawings.length}] ${drawing.dataset}/${drawing.name}, ${rows.length} rows (${seconds} s)\n`,
      );
      const scores = await benchDrawing(drawing, rows, models, classifier);
      const dataset = totals.get(drawing.dataset) ?? new Map<string, SheetScore>();
      for (const [name, score] of scores) dataset.set(name, dataset.has(name) ? addScores(dataset.get(name)!, score) : score);
      totals.set(drawing.dataset, dataset);
    }
  } finally {
    models.dispose();
    (await classifier.catch(() => undefined))?.dispose();
  }
  process.stdout.write(`${ablationTable(totals, rows)}\n`);
  if (values.json) {
    const report = [...totals].map(([dataset, scores]) => ({
      dataset,
      variants: rows.map((variant) => ({
        variant: variant.name,
        without: variant.without,
        symbols: precisionRecallF1(scores.get(variant.name)?.symbols?.all),
        connections: precisionRecallF1(scores.get(variant.name)?.connections),
      })),
    }));
    await writeFile(typedPath(values.json), `${JSON.stringify({ datasets: report }, null, 2)}\n`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`ablation: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  },
);
