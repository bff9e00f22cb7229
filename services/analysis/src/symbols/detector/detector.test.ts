import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { iou } from '../../benchmark/geometry';
import { colourToGrey } from '../../ingest/colour-grey';
import { buildCorpusSheet } from '../../synthetic/corpus/corpus-sheet';
import { sheetSeed } from '../../synthetic/corpus/corpus-writer';
import { Prng } from '../../synthetic/prng';
import { detectorTrusted } from '../detector-trust';
import { decodeTile, suppress } from './decode';
import { DEFAULT_DETECTOR_DIR, readDetectorWeights, type DetectorWeights } from './detector-files';
import { onnxDetectorNet } from './onnx-detector-net';
import { tileOrigins } from './page-detector';
import { calibrated, loadSymbolDetector } from './symbol-detector';
import { DETECTOR_READING } from '../symbol-mode';
import { tfjsDetectorNet } from './tfjs-detector-net';
import { HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

describe('symbol detector', () => {
  let weights: DetectorWeights;
  beforeAll(async () => {
    weights = await readDetectorWeights();
  }, HOOK_TIMEOUT_MS);

  it('runs the same on onnxruntime and on TF.js', async () => {
    await tf.setBackend('wasm');
    const random = new Prng(5);
    const ink = Float32Array.from({ length: 256 * 256 }, () => (random.next() < 0.08 ? 1 : 0));
    const onnx = await onnxDetectorNet();
    const tfjs = tfjsDetectorNet(weights);
    const [a, b] = [await onnx.run(ink, 256, 256), await tfjs.run(ink, 256, 256)];
    onnx.dispose();
    tfjs.dispose();
    expect([a.rows, a.cols]).toEqual([64, 64]);
    expect([b.rows, b.cols]).toEqual([64, 64]);
    const largest = (x: Float32Array, y: Float32Array) => x.reduce((max, value, i) => Math.max(max, Math.abs(value - y[i])), 0);
    expect(largest(a.heat, b.heat)).toBeLessThan(1e-3);
    expect(largest(a.regression, b.regression)).toBeLessThan(1e-3);
  });

  it("is trained by its recorded commit's architecture", async () => {
    const { manifest } = weights;
    const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
    const modelFile = path.relative(root, path.resolve(__dirname, '../../../training/detector/model.py'));
    const architectureOf = (source: string) => {
      const value = (name: string) => source.match(new RegExp(`^${name} = (.+)$`, 'm'))?.[1];
      return `centernet-lite widths=${value('WIDTHS')} neck=${value('NECK')} stride=${value('STRIDE')}`;
    };
    const atCommit = execFileSync('git', ['show', `${manifest.commit}:${modelFile}`], { encoding: 'utf8', cwd: root });
    expect(architectureOf(atCommit)).toBe(manifest.architecture);
    expect(architectureOf(await readFile(path.join(root, modelFile), 'utf8'))).toBe(manifest.architecture);
    // The tensors are the ones that architecture has.
    const first = weights.tensors.get('stages.0.0.weight');
    expect(first?.shape).toEqual([manifest.widths[0], 1, 3, 3]);
    expect(weights.tensors.get('heatmap.1.weight')?.shape).toEqual([manifest.classes.length, manifest.neck, 1, 1]);
  });

  it('decodes peaks into boxes and keeps one box a place', () => {
    const [rows, cols, classes] = [8, 8, 2];
    const heat = new Float32Array(classes * rows * cols).fill(-9);
    const regression = new Float32Array(4 * rows * cols);
    const peak = (cls: number, x: number, y: number, logit: number, w: number, h: number) => {
      heat[cls * rows * cols + y * cols + x] = logit;
      regression[y * cols + x] = Math.log(w);
      regression[rows * cols + y * cols + x] = Math.log(h);
      regression[2 * rows * cols + y * cols + x] = 0.5;
      regression[3 * rows * cols + y * cols + x] = 0.5;
    };
    peak(0, 2, 3, 3, 8, 12);
    peak(1, 2, 3, 1, 8, 12); // the same place, less sure, another class
    peak(1, 6, 6, 2, 4, 4);
    const found = decodeTile(heat, regression, classes, rows, cols, 4, 0.3);
    expect(found).toHaveLength(3);
    const kept = suppress(found, 0.5).sort((a, b) => a.x0 - b.x0);
    expect(kept.map((d) => d.classIndex)).toEqual([0, 1]);
    [6, 8, 14, 20].forEach((value, i) => expect([kept[0].x0, kept[0].y0, kept[0].x1, kept[0].y1][i]).toBeCloseTo(value, 5));
  });

  it('refuses weights shorter than their manifest, naming the tensor', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'detector-'));
    await copyFile(path.join(DEFAULT_DETECTOR_DIR, 'detector.json'), path.join(dir, 'detector.json'));
    const bytes = await readFile(path.join(DEFAULT_DETECTOR_DIR, 'detector.bin'));
    await writeFile(path.join(dir, 'detector.bin'), bytes.subarray(0, bytes.length / 2));
    await expect(readDetectorWeights(dir)).rejects.toThrow(/detector\.bin is too short for tensor \S+/);
    await rm(dir, { recursive: true, force: true });
  });

  it('tiles every page position, the last tile flush with the edge', () => {
    expect(tileOrigins(500, 640, 128)).toEqual([0]);
    expect(tileOrigins(1500, 640, 128)).toEqual([0, 512, 860]);
  });

  it('finds the symbols of a generated sheet it never saw', async () => {
    // Corpus seed 7 is neither the training corpus (41) nor the held-out one (4141).
    const sheet = await buildCorpusSheet(sheetSeed(7, 0));
    const { data, channels, width, height } = sheet.pixels;
    const gray = channels === 1 ? data : colourToGrey(data, width, height, channels);
    const detector = await loadSymbolDetector(DEFAULT_DETECTOR_DIR);
    const { fused: found, asDrawn } = await detector.detect({ gray, width, height });
    detector.dispose();
    // Read once: the page as drawn is the whole reading.
    expect(asDrawn).toEqual(found);
    // Read four ways at three scales (as the product does), the page as drawn is still that reading.
    const manyWays = await loadSymbolDetector(DEFAULT_DETECTOR_DIR, 1, DETECTOR_READING);
    const reading = await manyWays.detect({ gray, width, height });
    manyWays.dispose();
    expect(reading.asDrawn).toEqual(found);
    expect(reading.fused).not.toEqual(found);
    // The unsure ones scored from half the threshold up to it: calibrated, below every sure one's floor.
    const floor = calibrated(detector.manifest.threshold, detector.manifest);
    expect(reading.unsure.length).toBeGreaterThan(0);
    for (const symbol of reading.unsure) expect(symbol.confidence).toBeLessThan(floor);
    for (const symbol of reading.fused) expect(symbol.confidence).toBeGreaterThanOrEqual(floor);
    const truth = sheet.truth.symbols.map((symbol) => symbol.box);
    const matched = truth.filter((box) => found.some((d) => iou([d.x0, d.y0, d.x1, d.y1], box) >= 0.5));
    expect(truth.length).toBeGreaterThan(10);
    // A guard against broken weights or decoding (random weights find nothing), below the held-out figures in MODEL.md.
    expect(matched.length / truth.length).toBeGreaterThanOrEqual(0.6);
    expect(matched.length / found.length).toBeGreaterThanOrEqual(0.6);
    for (const symbol of found) expect(symbol.confidence).toBeGreaterThan(0);
    // Such a page is one the detector reads alone in the product (a page unlike its corpus stays with the rules).
    expect(detectorTrusted(asDrawn)).toBe(true);
  }, 120_000);
});
