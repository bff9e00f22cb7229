/**
 * `npm run analyze -- <file> [--page N] [--out result.json] [--overlay overlay.png] [--stats stats.json]`
 * Runs the pipeline on one drawing: progress on stderr, the result as JSON (stdout without --out).
 */
import { MAX_PROCESSING_PIXELS, PDF_PAGE_OPTIONS } from '../ingest/pdf-options';
import { renderPdfPage } from '@pid/platform/imaging';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadSymbolClassifier, type SymbolClassifier } from '../classifier/symbol-classifier';
import { DEFAULT_LINE_MODE, isLineMode, LINE_MODES, lineModeOptions } from '../line-ink/line-mode';
import { DEFAULT_SYMBOL_MODE, isSymbolMode, SYMBOL_MODES, symbolModeOptions } from '../symbols/symbol-mode';
import { isPdf, UnusableFileError } from '../ingest/page-image';
import { STAGE_PROGRESS } from '../pipeline/analyze-page';
import { analyzeFilePage } from '../pipeline/analyze-file-page';
import { createTesseractReader, type TextReader } from '../pipeline/text-reader';
import { drawOverlay } from './overlay';
import { resultDocument } from './result-document';
import { typedPath, usageExit } from './run-cli';

const SOURCE_WORDS = {
  raster: 'the pixels (OCR and line finding)',
  vector: "the PDF's text layer and strokes",
  mixed: "the pixels and the PDF's text layer or strokes",
} as const;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      page: { type: 'string' },
      out: { type: 'string' },
      overlay: { type: 'string' },
      stats: { type: 'string' },
      'max-pixels': { type: 'string' },
      'no-ocr': { type: 'boolean' },
      'no-classifier': { type: 'boolean' },
      'no-vector': { type: 'boolean' },
      symbols: { type: 'string', default: DEFAULT_SYMBOL_MODE },
      lines: { type: 'string', default: DEFAULT_LINE_MODE },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    return usageExit(
      'usage: npm run analyze -- <file> [--page N] [--out result.json] [--overlay overlay.png] [--stats stats.json] [--max-pixels N] [--no-ocr] [--no-classifier] [--no-vector] [--symbols detector|hybrid|rules] [--lines rules|model]\n',
      values.help,
    );
  }
  const file = typedPath(positionals[0]);
  const page = values.page ? Number(values.page) : 1;
  if (!Number.isInteger(page) || page < 1) throw new UnusableFileError(`--page must be a page number, not ${values.page}`);
  if (!isSymbolMode(values.symbols)) throw new UnusableFileError(`--symbols must be ${SYMBOL_MODES.join(', ')}, not ${values.symbols}`);
  if (!isLineMode(values.lines)) throw new UnusableFileError(`--lines must be ${LINE_MODES.join(', ')}, not ${values.lines}`);
  const symbols = symbolModeOptions(values.symbols);
  const lines = lineModeOptions(values.lines);
  const started = Date.now();
  const log = (progress: number, message: string) =>
    process.stderr.write(`[${String(progress).padStart(3)}%] ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

  const bytes = await readFile(file);
  log(STAGE_PROGRESS.rendering.progress, STAGE_PROGRESS.rendering.message);
  // OCR loads in threads of its own (about 0.6 s): started now, it is ready when the text is read. A failure to
  // load fails the analysis where it asks for text; a page that needs none is analysed without it.
  const reader: Promise<TextReader> | undefined = values['no-ocr'] ? undefined : createTesseractReader();
  reader?.catch(() => undefined);
  let classifier: Promise<SymbolClassifier> | undefined;
  const analysis = await analyzeFilePage(bytes, {
    page,
    vectorPath: !values['no-vector'],
    ingest: { maxProcessingPixels: values['max-pixels'] ? Number(values['max-pixels']) : MAX_PROCESSING_PIXELS, pdf: PDF_PAGE_OPTIONS },
    textReader: reader && (() => reader),
    symbolClassifier: values['no-classifier'] ? undefined : () => (classifier ??= loadSymbolClassifier()),
    ...symbols.options,
    ...lines.options,
    onStage: (stage) => void log(STAGE_PROGRESS[stage].progress, STAGE_PROGRESS[stage].message),
  });
  const { image } = analysis;
  if (image.scale < 1) process.stderr.write(`       processing at ${image.width} × ${image.height} (scale ${image.scale.toFixed(3)})\n`);
  await (await reader?.catch(() => undefined))?.close();
  (await classifier)?.dispose();
  await symbols.dispose();
  await lines.dispose();
  log(STAGE_PROGRESS.saving.progress, STAGE_PROGRESS.saving.message);
  process.stderr.write(`       read from ${SOURCE_WORDS[analysis.source]}\n`);
  const document = resultDocument(analysis.imageSize, analysis.elements, analysis.connections, analysis.source);
  const json = `${JSON.stringify(document, null, 2)}\n`;
  if (values.out) await writeFile(typedPath(values.out), json);
  else process.stdout.write(json);
  // For the benchmark: wall time and peak resident memory of the analysis, overlay excluded (maxRSS is in KiB).
  if (values.stats) {
    const stats = { seconds: (Date.now() - started) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024 };
    await writeFile(typedPath(values.stats), `${JSON.stringify(stats)}\n`);
  }
  if (values.overlay) {
    const background = isPdf(bytes) ? (await renderPdfPage(bytes, page, PDF_PAGE_OPTIONS)).png : bytes;
    await writeFile(typedPath(values.overlay), await drawOverlay(background, analysis.imageSize, analysis.elements, analysis.connections));
  }
  const counts = new Map<string, number>();
  for (const element of analysis.elements) counts.set(element.elementType, (counts.get(element.elementType) ?? 0) + 1);
  log(
    100,
    `${analysis.elements.length} elements (${[...counts].map(([k, v]) => `${v} ${k}`).join(', ') || 'none'}), ${analysis.connections.length} connections`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `analyze: ${error instanceof UnusableFileError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
