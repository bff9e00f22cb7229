/**
 * `npm run train:detector -- [--steps N] [--work DIR] [--out DIR]`
 * Rebuilds the committed symbol detector: draws the training and held-out corpora from their fixed seeds (whole
 * sheets, skipped when already drawn), measures each sheet's text height to read it at the product's scale, installs the Debian packages the trainer needs (PyTorch, ONNX, Pillow),
 * trains with `training/detector/train.py` on every core, and writes the weights and their model card
 * (`models/symbol-detector/`). Progress on stderr.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COCO_CATEGORIES } from '../synthetic/corpus/tiles';
import { generatorDigest } from '../synthetic/generator-digest';
import { SYMBOL_CLASSES } from '../synthetic/symbol-library';
import { DEFAULT_DETECTOR_DIR } from '../symbols/detector/detector-files';
import { writeModelCard } from '../symbols/detector/model-card';
import { FALLBACK_SCALE, writeSheetScales } from './detector-sheet-scales';
import { formatWithPrettier } from './format-with-prettier';
import { runCli } from './run-cli';

/** The corpora the committed weights were trained and scored on. */
export const DETECTOR_CORPORA = {
  train: { seed: 41, count: 320 },
  heldOut: { seed: 4141, count: 24 },
};
export const DETECTOR_TRAINING = { steps: 10000, batch: 12, crop: 320, seed: 41 };

const PYTHON = '/usr/bin/python3';
const PACKAGES = ['python3-torch', 'python3-onnx', 'python3-pil', 'python3-numpy'];
const TRAINING_DIR = path.resolve(__dirname, '../../training/detector');

function run(command: string, args: string[], cwd?: string): void {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

function ensurePython(): void {
  const probe = spawnSync(PYTHON, ['-c', 'import torch, onnx, PIL, numpy'], { stdio: 'ignore' });
  if (probe.status === 0) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `The trainer needs ${PACKAGES.join(', ')} (Debian) for ${PYTHON}; install them, as root: apt-get install ${PACKAGES.join(' ')}`,
    );
  }
  process.stderr.write(`Installing ${PACKAGES.join(', ')}…\n`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES]);
}

function ensureCorpus(dir: string, { seed, count }: { seed: number; count: number }): void {
  if (existsSync(path.join(dir, 'manifest.json'))) return;
  process.stderr.write(`Drawing ${count} sheets (seed ${seed}) into ${dir}…\n`);
  run(process.execPath, [path.join(__dirname, 'corpus.js'), '--out', dir, '--count', String(count), '--seed', String(seed), '--sheets']);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      steps: { type: 'string', default: String(DETECTOR_TRAINING.steps) },
      work: { type: 'string', default: path.resolve(__dirname, '../../../../.cache/detector-corpus') },
      out: { type: 'string', default: DEFAULT_DETECTOR_DIR },
    },
  });
  // The commit the command starts at: the model card names it, and a test checks it still builds this architecture.
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  ensurePython();
  // Named by the generator's code too: a corpus drawn before the generator changed is not trained on.
  const drawnBy = generatorDigest().slice(0, 8);
  const trainDir = path.join(values.work, `train-s${DETECTOR_CORPORA.train.seed}-n${DETECTOR_CORPORA.train.count}-${drawnBy}`);
  const heldOutDir = path.join(values.work, `held-out-s${DETECTOR_CORPORA.heldOut.seed}-n${DETECTOR_CORPORA.heldOut.count}-${drawnBy}`);
  ensureCorpus(trainDir, DETECTOR_CORPORA.train);
  ensureCorpus(heldOutDir, DETECTOR_CORPORA.heldOut);
  // Each sheet is read at the scale the product would read it at: its text at the training corpus's median height.
  await writeSheetScales(trainDir, heldOutDir);
  const classes = path.join(trainDir, 'classes.json');
  // Heatmap order and each class's element type (`other_symbol` has none: its kind comes from its size).
  const elementType = (name: string) => SYMBOL_CLASSES.find((cls) => cls.className === name)?.elementType ?? null;
  await writeFile(classes, JSON.stringify(COCO_CATEGORIES.map(({ name }) => ({ name, elementType: elementType(name) }))));
  const started = Date.now();
  const { steps } = values;
  const { batch, crop, seed } = DETECTOR_TRAINING;
  const options = { steps, batch, size: crop, seed, threads: cpus().length, 'fallback-scale': FALLBACK_SCALE, commit };
  const args = ['train.py', '--corpus', trainDir, '--holdout', heldOutDir, '--classes', classes, '--out', values.out];
  run(PYTHON, [...args, ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, String(value)])], TRAINING_DIR);
  const minutes = (Date.now() - started) / 60000;
  await writeModelCard(values.out, {
    command: `npm run train:detector -- --steps ${steps}`,
    corpora: DETECTOR_CORPORA,
    wallMinutes: minutes,
    machine: `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'})`,
  });
  formatWithPrettier([path.join(values.out, 'detector.json'), path.join(values.out, 'MODEL.md')]);
  process.stderr.write(`Trained in ${minutes.toFixed(1)} min; weights and MODEL.md in ${values.out}\n`);
  return 0;
}

runCli(main, (error) => error.message);
