import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { colourToGrey } from '../ingest/colour-grey';
import { binarize } from '../pipeline/binarize';
import { buildCorpusSheet } from '../synthetic/corpus/corpus-sheet';
import { sheetSeed } from '../synthetic/corpus/corpus-writer';
import { DEFAULT_LINE_INK_DIR, LINE_INK_CLASSES, readLineInkManifest } from './line-ink-files';
import type * as ort from 'onnxruntime-node';
import { inkOfClasses } from './line-ink-mask';
import { classifyResampled, keptTileOrigins, lineInkScale, loadLineInkModel, MAX_MODEL_PIXELS, type InkClasses } from './line-ink-model';
import { modelSignalLines } from './model-lines';
import { defaultLineOptions, type Segment } from '../pipeline/lines';

describe('line-ink model', () => {
  it('tiles a page so that the kept middles cover it, on whole cells', () => {
    expect(keptTileOrigins(900, 1024, 64, 2)).toEqual([0]);
    const origins = keptTileOrigins(3001, 1024, 64, 2);
    expect(origins).toEqual([0, 896, 1792, 1978]);
    for (const at of origins) expect(at % 2).toBe(0);
    // Each kept middle starts where the one before it stops keeping (or earlier).
    for (let i = 1; i < origins.length; i++) expect(origins[i] + 64).toBeLessThanOrEqual(origins[i - 1] + 1024 - 64);
    expect(origins[origins.length - 1] + 1024).toBeGreaterThanOrEqual(3001);
  });

  it('keeps the ink of the named classes, cell by cell', () => {
    // A 4 x 2 page, cells of 2 pixels: the left cell is class 0, the right one class 3.
    const classes: InkClasses = { cells: Uint8Array.from([0, 3]), cols: 2, rows: 1, cellSize: 2 };
    const mask = Uint8Array.from([1, 0, 1, 1, 1, 1, 0, 1]);
    expect([...inkOfClasses(mask, 4, 2, classes, [0])]).toEqual([1, 0, 0, 0, 1, 1, 0, 0]);
    expect([...inkOfClasses(mask, 4, 2, classes, [0, 3])]).toEqual([...mask]);
  });

  it('reads a dashed line in signal ink as one dashed segment, unless the rules found it', () => {
    const [width, height] = [200, 40];
    const mask = new Uint8Array(width * height);
    // Irregular dashes (3 to 9 px, gaps of 4 to 12 px) two pixels thick along y = 20, from x = 20 to about 180.
    const dashes = [9, 3, 7, 5, 9, 4, 8, 3, 6, 9, 5, 7];
    const gaps = [6, 12, 4, 9, 7, 11, 5, 8, 10, 6, 12];
    let x = 20;
    dashes.forEach((dash, i) => {
      for (let k = 0; k < dash; k++) for (const y of [20, 21]) mask[y * width + x + k] = 1;
      x += dash + (gaps[i] ?? 0);
    });
    const end = x - 1;
    const signal = LINE_INK_CLASSES.indexOf('signal_line');
    const other = LINE_INK_CLASSES.indexOf('other');
    const cells = (name: number) => ({ cells: new Uint8Array(100 * 20).fill(name), cols: 100, rows: 20, cellSize: 2 });
    const options = defaultLineOptions(width, height);
    const found = modelSignalLines(mask, width, height, cells(signal), options, []);
    expect(found).toEqual([{ orientation: 'horizontal', start: 20, end, lo: 20, hi: 21, dashed: true }]);
    // Ink the model calls other gives nothing, nor does a line the rules found already.
    expect(modelSignalLines(mask, width, height, cells(other), options, [])).toEqual([]);
    const ruled: Segment = { orientation: 'horizontal', start: 20, end, lo: 20, hi: 21, dashed: true };
    expect(modelSignalLines(mask, width, height, cells(signal), options, [ruled])).toEqual([]);
  });

  it("takes a thin run beside a longer signal line for that line's ragged edge, not a line of its own", () => {
    const [width, height] = [200, 200];
    const mask = new Uint8Array(width * height);
    const fill = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * width + x] = 1;
    };
    // A blurred line 6 px wide (x 100-105) in dashes of 12 with gaps of 6, and beside it, two pixels off, a
    // one-pixel run down to y 100 (where a blot at a crossing would end it on another line).
    for (let y = 10; y < 190; y += 18) fill(100, 105, y, y + 11);
    fill(108, 108, 20, 100);
    const cells = { cells: new Uint8Array(100 * 100).fill(LINE_INK_CLASSES.indexOf('signal_line')), cols: 100, rows: 100, cellSize: 2 };
    const found = modelSignalLines(mask, width, height, cells, defaultLineOptions(width, height), []);
    expect(found.map(({ orientation, lo, hi }) => [orientation, lo, hi])).toEqual([['vertical', 100, 105]]);
  });

  it('reads no line through specks its closed gaps bridge: two outlines and a line crossing between them', () => {
    const [width, height] = [200, 100];
    const mask = new Uint8Array(width * height);
    const fill = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * width + x] = 1;
    };
    // The facing sides of two bubbles (x 60-62 and 118-120, y 49-51) and a dashed line crossing down between them
    // (x 90-91, dashes of 8 with gaps of 4): along y 50 every gap is under the gap the run finder closes.
    fill(60, 62, 49, 51);
    fill(118, 120, 49, 51);
    for (let y = 0; y < height; y += 12) fill(90, 91, y, y + 7);
    const cells = { cells: new Uint8Array(100 * 50).fill(LINE_INK_CLASSES.indexOf('signal_line')), cols: 100, rows: 50, cellSize: 2 };
    const options = { ...defaultLineOptions(width, height), maxGap: 10 };
    const found = modelSignalLines(mask, width, height, cells, options, []);
    expect(found.filter(({ orientation }) => orientation === 'horizontal')).toEqual([]);
    expect(found.map(({ orientation, lo, hi }) => [orientation, lo, hi])).toContainEqual(['vertical', 90, 91]);
  });

  it("stops a signal line's run before the gap it closed onto a line it passes square, not at its own bend", () => {
    const [width, height] = [300, 300];
    const mask = new Uint8Array(width * height);
    const fill = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * width + x] = 1;
    };
    const dashedAcross = (y: number, x0: number, x1: number) => {
      for (let x = x0; x <= x1; x += 14) fill(x, Math.min(x1, x + 9), y, y + 2);
    };
    const dashedDown = (x: number, y0: number, y1: number) => {
      for (let y = y0; y <= y1; y += 14) fill(x, x + 2, y, Math.min(y1, y + 9));
    };
    // One loop's line along y 100 (x 20-280); another loop's bend just below it: along y 140 from x 40, down x 150
    // from y 140 to 260. The dash of the upper line at x 146-155 lies 37 px above the bend, a gap the finder closes.
    dashedAcross(100, 20, 280);
    dashedAcross(140, 40, 152);
    dashedDown(150, 140, 260);
    const cells = { cells: new Uint8Array(150 * 150).fill(LINE_INK_CLASSES.indexOf('signal_line')), cols: 150, rows: 150, cellSize: 2 };
    const options = { ...defaultLineOptions(width, height), maxGap: 14 };
    const found = modelSignalLines(mask, width, height, cells, options, []);
    const down = found.find(({ orientation, lo }) => orientation === 'vertical' && lo === 150);
    // The run down starts at its bend, not on the line above; the lines across keep their ends.
    expect(down?.start).toBe(140);
    expect(found.filter(({ orientation }) => orientation === 'horizontal').map(({ start }) => start)).toEqual([20, 40]);
  });

  it('refuses a manifest whose classes are not the ones the pipeline reads, naming the file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'line-ink-'));
    const manifest = JSON.parse(await readFile(path.join(DEFAULT_LINE_INK_DIR, 'line-ink.json'), 'utf8')) as { classes: string[] };
    await writeFile(path.join(dir, 'line-ink.json'), JSON.stringify({ ...manifest, classes: [...manifest.classes].reverse() }));
    await copyFile(path.join(DEFAULT_LINE_INK_DIR, 'line-ink.onnx'), path.join(dir, 'line-ink.onnx'));
    await expect(loadLineInkModel(dir)).rejects.toThrow(/line-ink\.json has classes other, text, .*; expected process_line/);
    await rm(dir, { recursive: true, force: true });
  });

  it('does not run the network on bare paper, whose cells are other ink', async () => {
    const manifest = await readLineInkManifest();
    const refusing = {
      run: () => Promise.reject(new Error('the network ran on paper')),
    } as unknown as ort.InferenceSession;
    const [width, height] = [1500, 700];
    const found = await classifyResampled(refusing, manifest, new Float32Array(width * height).fill(0.05), width, height);
    expect([found.cols, found.rows]).toEqual([750, 350]);
    expect(found.cells.every((cell) => cell === LINE_INK_CLASSES.indexOf('other'))).toBe(true);
  });

  it('reads a large page at a scale within its pixel budget', async () => {
    const manifest = await readLineInkManifest();
    // A page with no text to measure is read at full size where it fits, and shrunk to the budget where not.
    const page = (width: number, height: number) => ({ gray: new Uint8Array(width * height).fill(255), width, height });
    expect(lineInkScale(page(2000, 1500), manifest)).toBe(1);
    const large = page(8000, 5000);
    const scale = lineInkScale(large, manifest);
    expect(large.width * large.height * scale * scale).toBeCloseTo(MAX_MODEL_PIXELS, -3);
  });

  it("is trained by its recorded commit's architecture", async () => {
    const manifest = await readLineInkManifest();
    const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
    const modelFile = path.relative(root, path.resolve(__dirname, '../../training/line_ink/model.py'));
    const architectureOf = (source: string) => {
      const value = (name: string) => source.match(new RegExp(`^${name} = (.+)$`, 'm'))?.[1];
      return `ink-unet widths=${value('WIDTHS')} neck=${value('NECK')} stride=${value('STRIDE')} classes=${LINE_INK_CLASSES.length}`;
    };
    const atCommit = execFileSync('git', ['show', `${manifest.commit}:${modelFile}`], { encoding: 'utf8', cwd: root });
    expect(architectureOf(atCommit)).toBe(manifest.architecture);
    expect(architectureOf(await readFile(path.join(root, modelFile), 'utf8'))).toBe(manifest.architecture);
  });

  it('tells the pipes of a generated sheet it never saw from its text', async () => {
    // Corpus seed 7 is neither the training corpus (41) nor the held-out one (4141).
    const sheet = await buildCorpusSheet(sheetSeed(7, 0));
    const { data, channels, width, height } = sheet.pixels;
    const gray = channels === 1 ? data : colourToGrey(data, width, height, channels);
    const model = await loadLineInkModel();
    const classes = await model.classify({ gray, width, height });
    model.dispose();
    const mask = binarize(gray);
    const classAt = (x: number, y: number) =>
      classes.cells[Math.floor(y / classes.cellSize) * classes.cols + Math.floor(x / classes.cellSize)];
    // The middle of each process pipe's straight runs, where it is ink.
    const pipePoints = sheet.truth.pipes
      .filter((pipe) => pipe.kind === 'process')
      .flatMap((pipe) => pipe.polyline.slice(1).map((to, i) => [(pipe.polyline[i][0] + to[0]) / 2, (pipe.polyline[i][1] + to[1]) / 2]))
      .map(([x, y]) => [Math.round(x), Math.round(y)])
      .filter(([x, y]) => mask[y * width + x]);
    // The ink inside text boxes.
    const textPoints = sheet.truth.texts.flatMap(({ box: [x0, y0, x1, y1] }) => {
      const points: number[][] = [];
      for (let y = Math.ceil(y0); y < y1; y += 2) for (let x = Math.ceil(x0); x < x1; x += 2) if (mask[y * width + x]) points.push([x, y]);
      return points;
    });
    const share = (points: number[][], name: (typeof LINE_INK_CLASSES)[number]) =>
      points.filter(([x, y]) => classAt(x, y) === LINE_INK_CLASSES.indexOf(name)).length / points.length;
    expect(pipePoints.length).toBeGreaterThan(20);
    expect(textPoints.length).toBeGreaterThan(200);
    // Guards against broken weights or tiling (untrained weights call everything one class), below MODEL.md's figures.
    expect(share(pipePoints, 'process_line')).toBeGreaterThanOrEqual(0.8);
    expect(share(textPoints, 'text')).toBeGreaterThanOrEqual(0.7);
  }, 120_000);
});
