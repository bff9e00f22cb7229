import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDF_RENDER_DPI } from '@pid/contracts';
import { renderPdfPage } from '@pid/platform/imaging';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadPageImage, type PageImage } from '../ingest/page-image';
import { PdfCanvas } from '../synthetic';
import { TEST_PDF_OPTIONS } from '../testing/synthetic';
import type { CropBox } from './crop';
import { DEFAULT_MODEL_DIR } from './model-files';
import { loadSymbolClassifier, type SymbolClassifier, type SymbolPrediction } from './symbol-classifier';
import { libraryPage, NOT_A_SYMBOL, type Sample } from './training-data';
import { HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit/samples';

/** A seed no training run uses (training library pages are 50000 + 1000·seed + page). */
const TEST_SEED = 99_001;

/** Texts as they stand on a sheet (tag, line number, label), drawn with the sheets' fonts, and their boxes. */
async function textPage(): Promise<{ image: PageImage; boxes: CropBox[] }> {
  const canvas = await PdfCanvas.create(900, 200, 'texts');
  const boxes = [
    canvas.text('FIC-101', 40, 60, { font: 'Helvetica', size: 22 }),
    canvas.text('6"-P-1043-A1', 300, 60, { font: 'Courier', size: 20 }),
    canvas.text('COOLING WATER', 40, 150, { font: 'Times', size: 24 }),
  ].map(([x0, y0, x1, y1]) => ({ x0, y0, x1, y1 }));
  const page = await renderPdfPage(await canvas.save(), 1, { ...TEST_PDF_OPTIONS, dpi: PDF_RENDER_DPI });
  return { image: await loadPageImage(page.png, { maxProcessingPixels: 10_000_000, pdf: TEST_PDF_OPTIONS, deskew: false }), boxes };
}

describe('symbol classifier', () => {
  let wasm: SymbolClassifier;
  let library: { image: PageImage; samples: Sample[] };
  let predictions: SymbolPrediction[];

  beforeAll(async () => {
    wasm = await loadSymbolClassifier(undefined, { backend: 'wasm' });
    library = (await libraryPage(TEST_SEED, 1)) as { image: PageImage; samples: Sample[] };
    predictions = await wasm.classify(
      library.image,
      library.samples.map((s) => s.box),
    );
  }, 60_000);
  afterAll(() => wasm.dispose(), HOOK_TIMEOUT_MS);

  it('names library symbols drawn at random sizes and turns', () => {
    const right = predictions.filter((p, i) => p.className === library.samples[i].className).length;
    // Not a benchmark (that is the training report): a broken crop, model or class order falls far below this.
    expect(right / predictions.length).toBeGreaterThanOrEqual(0.75);
    for (const className of ['field_instrument', 'horizontal_vessel', 'safety_valve', 'butterfly_valve']) {
      const index = library.samples.findIndex((s) => s.className === className);
      expectWith(predictions[index].className, className).toBe(className);
    }
  });

  it('calls the marks drawn among them no symbol (arrows, dimension marks, strokes at an angle, leaders)', () => {
    const clutter = predictions.filter((_, i) => library.samples[i].source === 'clutter');
    expect(clutter.length).toBeGreaterThanOrEqual(4);
    expect(clutter.map((p) => p.className)).toEqual(clutter.map(() => NOT_A_SYMBOL));
  });

  it('answers element types, calibrated confidences and the top three for review', () => {
    const instrument = predictions[library.samples.findIndex((s) => s.className === 'field_instrument')];
    expect(instrument.elementType).toBe('instrument');
    expect(instrument.alternatives).toHaveLength(3);
    expect(instrument.alternatives[0]).toEqual({
      className: instrument.className,
      elementType: instrument.elementType,
      confidence: instrument.confidence,
    });
    for (const p of predictions) expect(p.alternatives.reduce((sum, a) => sum + a.confidence, 0)).toBeLessThanOrEqual(1.0001);
  });

  it('calls blank paper and text not a symbol', async () => {
    const blank = { gray: new Uint8Array(200 * 200).fill(255), width: 200, height: 200 };
    const [empty] = await wasm.classify(blank, [{ x0: 50, y0: 50, x1: 120, y1: 110 }]);
    expect(empty).toMatchObject({ className: NOT_A_SYMBOL, elementType: 'none' });
    const texts = await textPage();
    for (const p of await wasm.classify(texts.image, texts.boxes)) expect(p.className).toBe(NOT_A_SYMBOL);
  });

  it('gives the same answers on the plain JS backend', async () => {
    const cpu = await loadSymbolClassifier(undefined, { backend: 'cpu' });
    expect([wasm.backend, cpu.backend]).toEqual(['wasm', 'cpu']);
    const boxes = library.samples.slice(0, 12).map((s) => s.box);
    const onCpu = await cpu.classify(library.image, boxes);
    const onWasm = await wasm.classify(library.image, boxes);
    cpu.dispose();
    onCpu.forEach((p, i) => {
      expect(p.className).toBe(onWasm[i].className);
      expect(p.confidence).toBeCloseTo(onWasm[i].confidence, 4);
    });
  });

  it('answers nothing for no boxes', async () => {
    expect(await wasm.classify(library.image, [])).toEqual([]);
  });

  it('refuses a model that takes other crops than the crop code makes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'classifier-'));
    try {
      const json = JSON.parse(await readFile(path.join(DEFAULT_MODEL_DIR, 'model.json'), 'utf8')) as {
        userDefinedMetadata: { cropChannels: number };
      };
      json.userDefinedMetadata.cropChannels = 1;
      await writeFile(path.join(dir, 'model.json'), JSON.stringify(json));
      await copyFile(path.join(DEFAULT_MODEL_DIR, 'weights.bin'), path.join(dir, 'weights.bin'));
      await expect(loadSymbolClassifier(dir, { backend: 'wasm' })).rejects.toThrow(
        'takes 32-px crops with 1 channel(s), the crop code makes 32-px crops with 2',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
