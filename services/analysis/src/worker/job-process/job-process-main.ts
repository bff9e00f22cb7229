/**
 * A job process: runs one job at a time for the worker, which forked it and kills it when a job runs over its
 * budget. Models and OCR threads are loaded once, before the first job's first page (so that a page's time budget is
 * spent on the page, not on a fresh process's loading), and kept for the next.
 * Nothing here touches NATS, the database or storage: bytes come in, analysed pages go out.
 */
import { loadSymbolClassifier } from '../../classifier/symbol-classifier';
import { UnusableFileError } from '../../ingest/page-image';
import { analyzeFilePage } from '../../pipeline/analyze-file-page';
import { createTesseractReader } from '../../pipeline/text-reader';
import { lineModeOptions } from '../../line-ink/line-mode';
import { symbolModeOptions } from '../../symbols/symbol-mode';
import { analysedPage } from '../job-pages';
import { BUDGET_MESSAGES } from './job-budget';
import type { JobProcessMessage, JobProcessSettings, JobRequest } from './protocol';

/** A loader that runs once and shares its result; a failed load is tried again next time. */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const settings = JSON.parse(process.argv[2] ?? '{}') as JobProcessSettings;
const textReader = settings.ocr ? loadedOnce(() => createTesseractReader(settings.ocrWorkers)) : undefined;
const symbolClassifier = loadedOnce(() => loadSymbolClassifier());
const symbols = symbolModeOptions(settings.symbols).options;
const lines = lineModeOptions(settings.lines).options;

const send = (message: JobProcessMessage) => void process.send?.(message);

/** Everything a page may need, loaded (once; then at once). */
const loadModels = () => Promise.all([textReader?.(), symbolClassifier(), symbols.symbolDetector?.(), lines.lineInk?.()]);

async function run(request: JobRequest) {
  await loadModels();
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  let pixels = 0;
  for (const [index, page] of request.pages.entries()) {
    const position = index + 1;
    send({ type: 'page-started', position });
    const analysis = await analyzeFilePage(bytes, {
      page,
      ingest: request.ingest,
      onStage: (stage) => send({ type: 'stage', stage, position }),
      textReader,
      symbolClassifier,
      ...symbols,
      ...lines,
    });
    pixels += analysis.image.originalWidth * analysis.image.originalHeight;
    if (pixels > request.maxJobPixels) throw new UnusableFileError(BUDGET_MESSAGES.pixels(request.maxJobPixels));
    // Only what the result needs leaves the process: the page's pixels are dropped before the next is rendered.
    send({ type: 'page-done', page: analysedPage(page, analysis) });
  }
}

process.on('message', (request: JobRequest) => {
  if (request.type !== 'run') return;
  run(request).then(
    () => send({ type: 'done' }),
    (error: unknown) =>
      send({
        type: 'failed',
        unusable: error instanceof UnusableFileError,
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      }),
  );
});
// The worker went away (crashed or killed): nobody will read a result.
process.on('disconnect', () => process.exit(0));
