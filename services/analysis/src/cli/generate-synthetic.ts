/**
 * `npm run generate:synthetic -- --out <dir> [--count N] [--seed S] [--style X] [--density D] [--paper A3|A1] [--degrade]`
 * Writes synthetic sheets: `<name>.pdf`, `<name>.png|jpg` and `<name>.truth.json` each, progress on stderr.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { typedPath, usageExit } from './run-cli';
import { DRAFTING_STYLES, generateSyntheticDrawing, HELD_OUT_SEED_START, type DegradeOptions, type SyntheticOptions } from '../synthetic';

const USAGE =
  'usage: npm run generate:synthetic -- --out <dir> [--count N] [--seed S] [--style ' +
  `${DRAFTING_STYLES.map((style) => style.name).join('|')}] [--density sparse|normal|dense] [--paper A3|A1] [--degrade]\n`;

/** A moderate scan look, varied by seed so a batch is not all alike. */
function scanLook(seed: number): DegradeOptions {
  const pick = (values: number[]) => values[seed % values.length];
  return {
    blur: pick([0.6, 0.9, 1.2]),
    noise: pick([6, 10, 14, 8]),
    jpegQuality: pick([85, 70, 60]),
    rotationDeg: pick([0.4, -0.7, 1.1, -1.4, 0.9]),
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      count: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      style: { type: 'string' },
      density: { type: 'string' },
      paper: { type: 'string' },
      degrade: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.out) return usageExit(USAGE, values.help);
  const count = Number(values.count);
  const firstSeed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(firstSeed)) {
    return usageExit(`--count and --seed must be whole numbers\n${USAGE}`);
  }
  if (values.density && !['sparse', 'normal', 'dense'].includes(values.density)) throw new Error(`--density ${values.density}?\n${USAGE}`);
  if (values.paper && !['A3', 'A1'].includes(values.paper)) throw new Error(`--paper ${values.paper}?\n${USAGE}`);
  const out = typedPath(values.out);
  await mkdir(out, { recursive: true });
  const started = Date.now();
  for (let i = 0; i < count; i++) {
    const seed = firstSeed + i;
    if (seed >= HELD_OUT_SEED_START && firstSeed < HELD_OUT_SEED_START)
      process.stderr.write(`note: seed ${seed} belongs to the held-out benchmark set\n`);
    const options: SyntheticOptions = {
      seed,
      style: values.style,
      density: values.density as SyntheticOptions['density'],
      paper: values.paper as SyntheticOptions['paper'],
      degrade: values.degrade ? scanLook(seed) : false,
    };
    const drawing = await generateSyntheticDrawing(options);
    const name = drawing.truth.name;
    await writeFile(path.join(out, `${name}.pdf`), drawing.pdf);
    await writeFile(path.join(out, `${name}.${drawing.rasterFormat === 'jpeg' ? 'jpg' : 'png'}`), drawing.raster);
    await writeFile(path.join(out, `${name}.truth.json`), `${JSON.stringify(drawing.truth, null, 1)}\n`);
    const { symbols, texts, pipes, connections } = drawing.truth;
    process.stderr.write(
      `[${i + 1}/${count}] ${name}: ${symbols.length} symbols, ${texts.length} texts, ${pipes.length} pipes, ${connections.length} connections (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`generate-synthetic: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
