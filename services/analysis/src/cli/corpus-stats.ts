/**
 * `npm run corpus:stats -- --corpus DIR [--pid-dev DIR] [--sheets N]`
 * Prints, for a corpus and for the pid-dev drawings side by side, the distributions of stroke width, symbol size,
 * text height and ink density, and whether each pid-dev range lies inside the corpus's. pid-dev is only read
 * here, to print these figures: nothing from it is written anywhere.
 */
import { PDF_RENDER_DPI, PDF_RENDER_MAX_SIDE_PX, MAX_IMAGE_PIXELS } from '@pid/contracts';
import { renderPdfPage } from '@pid/platform/imaging';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { PixelBox } from '../benchmark/ground-truth';
import { pidDevDrawings } from '../benchmark/datasets/pid-dev';
import type { CorpusTruth } from '../synthetic/corpus/corpus-truth';
import { measureInk, percentile } from '../synthetic/corpus/ink-measures';
import { Prng } from '../synthetic/prng';
import { runCli, typedPath, usageExit } from './run-cli';

const USAGE = 'usage: npm run corpus:stats -- --corpus <dir> [--pid-dev <dir>] [--sheets N]\n';
const CROP = 640;

interface Samples {
  strokeWidth: number[];
  heavyStrokeWidth: number[];
  symbolSize: number[];
  textHeight: number[];
  density: number[];
}

const empty = (): Samples => ({ strokeWidth: [], heavyStrokeWidth: [], symbolSize: [], textHeight: [], density: [] });

/** A symbol's size: its box's longer side. */
const symbolSize = ([x0, y0, x1, y1]: PixelBox) => Math.max(x1 - x0, y1 - y0);
/** A text's height: the shorter side of its box (vertical text reads along its long side). */
const textHeight = ([x0, y0, x1, y1]: PixelBox, string: string) => (string.length > 1 ? Math.min(x1 - x0, y1 - y0) : y1 - y0);

async function corpusSamples(dir: string, sheets: number): Promise<Samples> {
  const samples = empty();
  const names = (await readdir(path.join(dir, 'truth'))).filter((name) => name.endsWith('.json')).sort();
  const chosen = names.filter((_, i) => i % Math.max(1, Math.floor(names.length / sheets)) === 0).slice(0, sheets);
  const tileDir = path.join(dir, 'tiles', 'images');
  const tiles = existsSync(tileDir) ? await readdir(tileDir) : [];
  for (const name of chosen) {
    const truth = JSON.parse(await readFile(path.join(dir, 'truth', name), 'utf8')) as CorpusTruth;
    samples.symbolSize.push(...truth.symbols.map((symbol) => symbolSize(symbol.box)));
    samples.textHeight.push(...truth.texts.map((text) => textHeight(text.box, text.string)));
    const own = tiles.filter((file) => file.startsWith(`${truth.name}-`));
    const rng = new Prng(own.length);
    for (const file of rng.shuffle(own).slice(0, 12)) {
      const { data, info } = await sharp(path.join(tileDir, file)).greyscale().raw().toBuffer({ resolveWithObject: true });
      addInk(samples, measureInk(data, info.width, info.height));
    }
  }
  return samples;
}

function addInk(samples: Samples, ink: ReturnType<typeof measureInk>): void {
  if (!ink) return;
  samples.strokeWidth.push(ink.strokeWidth);
  samples.heavyStrokeWidth.push(ink.heavyStrokeWidth);
  samples.density.push(ink.density);
}

async function pidDevSamples(root: string): Promise<Samples> {
  const samples = empty();
  for (const drawing of await pidDevDrawings(root)) {
    const { file, truth } = await drawing.prepare();
    if (truth?.complete.symbols || truth?.symbols.length)
      samples.symbolSize.push(...truth.symbols.map((symbol) => symbolSize(symbol.bbox)));
    if (truth?.texts.length) samples.textHeight.push(...truth.texts.map((text) => textHeight(text.bbox, text.string)));
    const image = file.toLowerCase().endsWith('.pdf')
      ? sharp(
          (
            await renderPdfPage(await readFile(file), drawing.page ?? 1, {
              dpi: PDF_RENDER_DPI,
              maxSide: PDF_RENDER_MAX_SIDE_PX,
              maxPixels: MAX_IMAGE_PIXELS,
              timeoutMs: 120_000,
            })
          ).png,
        )
      : sharp(file, { limitInputPixels: false });
    const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
    const rng = new Prng(info.width ^ info.height);
    for (let i = 0; i < 40; i++) {
      const [x, y] = [rng.int(0, Math.max(0, info.width - CROP)), rng.int(0, Math.max(0, info.height - CROP))];
      const [w, h] = [Math.min(CROP, info.width), Math.min(CROP, info.height)];
      const crop = new Uint8Array(w * h);
      for (let row = 0; row < h; row++) crop.set(data.subarray((y + row) * info.width + x, (y + row) * info.width + x + w), row * w);
      addInk(samples, measureInk(crop, w, h));
    }
  }
  return samples;
}

function table(corpus: Samples, real: Samples): string {
  const rows: [string, keyof Samples, number][] = [
    ['stroke width, median per crop (px)', 'strokeWidth', 1],
    ['stroke width, heavy lines per crop (px)', 'heavyStrokeWidth', 1],
    ['symbol size, box long side (px)', 'symbolSize', 0],
    ['text height (px)', 'textHeight', 0],
    ['ink density per crop (%)', 'density', 2],
  ];
  const format = (values: number[], key: keyof Samples, digits: number) => {
    const scale = key === 'density' ? 100 : 1;
    const show = (value: number) => (value * scale).toFixed(digits);
    if (values.length === 0) return ['–', '–', '–', '–'];
    return [
      show(percentile(values, 5)),
      show(percentile(values, 50)),
      show(percentile(values, 95)),
      `${show(Math.min(...values))}–${show(Math.max(...values))}`,
    ];
  };
  const lines = [
    '| measure | corpus p5 | p50 | p95 | corpus range | pid-dev p5 | p50 | p95 | pid-dev range | pid-dev p5–p95 inside corpus range | whole pid-dev range inside |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | :-: | :-: |',
  ];
  for (const [label, key, digits] of rows) {
    const [c, r] = [corpus[key], real[key]];
    const within = (low: number, high: number) => (r.length && c.length ? low >= Math.min(...c) && high <= Math.max(...c) : false);
    const answer = (yes: boolean) => (yes ? 'yes' : 'NO');
    const inside = within(percentile(r, 5), percentile(r, 95));
    const whole = within(Math.min(...r), Math.max(...r));
    lines.push(
      `| ${label} | ${[...format(c, key, digits), ...format(r, key, digits)].join(' | ')} | ${answer(inside)} | ${answer(whole)} |`,
    );
  }
  lines.push(
    '',
    `samples: corpus ${corpus.symbolSize.length} symbols, ${corpus.textHeight.length} texts, ${corpus.strokeWidth.length} crops; pid-dev ${real.symbolSize.length} symbols, ${real.textHeight.length} texts, ${real.strokeWidth.length} crops`,
  );
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      'pid-dev': { type: 'string', default: '../shared/pid-dev' },
      sheets: { type: 'string', default: '60' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.corpus) return usageExit(USAGE, values.help);
  const corpus = await corpusSamples(typedPath(values.corpus), Number(values.sheets));
  const root = typedPath(values['pid-dev']);
  const real = existsSync(root) ? await pidDevSamples(root) : empty();
  if (!existsSync(root)) process.stderr.write(`no pid-dev folder at ${root}: its columns stay empty\n`);
  process.stdout.write(`${table(corpus, real)}\n`);
  return 0;
}

runCli(main);
