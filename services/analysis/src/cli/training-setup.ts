/**
 * What both trainers (`train-detector.ts`, `train-line-ink.ts`) need before Python runs: the Debian packages, and the
 * training and held-out corpora drawn from their fixed seeds by the current generator.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { generatorDigest } from '../synthetic/generator-digest';
import { writeSheetScales } from './detector-sheet-scales';

/** The corpora both learned models are trained and scored on. */
export const TRAINING_CORPORA = {
  train: { seed: 41, count: 320 },
  heldOut: { seed: 4141, count: 24 },
};

type TrainingCorpora = typeof TRAINING_CORPORA;

/** The trainers' `--train-count` and `--held-out-count` (`parseArgs` options): fewer sheets, for a quick run. */
export const CORPUS_COUNT_OPTIONS = {
  'train-count': { type: 'string', default: String(TRAINING_CORPORA.train.count) },
  'held-out-count': { type: 'string', default: String(TRAINING_CORPORA.heldOut.count) },
} as const;

/** The corpora those options name: the committed seeds, with the counts asked for. */
function corporaOf(values: { 'train-count': string; 'held-out-count': string }): TrainingCorpora {
  return {
    train: { ...TRAINING_CORPORA.train, count: sheetCount(values['train-count'], 'train-count') },
    heldOut: { ...TRAINING_CORPORA.heldOut, count: sheetCount(values['held-out-count'], 'held-out-count') },
  };
}

/** A corpus size given as option `--name`, refused unless a whole number of sheets. */
export function sheetCount(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of sheets, not "${text}"`);
  return value;
}

/** The command line that rebuilds a model, with the corpus counts where they are not the committed ones. */
export function trainingCommand(base: string, corpora: TrainingCorpora): string {
  const counts = [
    corpora.train.count !== TRAINING_CORPORA.train.count ? ` --train-count ${corpora.train.count}` : '',
    corpora.heldOut.count !== TRAINING_CORPORA.heldOut.count ? ` --held-out-count ${corpora.heldOut.count}` : '',
  ];
  return base + counts.join('');
}

const PYTHON = '/usr/bin/python3';
const PACKAGES = ['python3-torch', 'python3-onnx', 'python3-pil', 'python3-numpy'];
export const DEFAULT_CORPUS_WORK_DIR = path.resolve(__dirname, '../../../../.cache/detector-corpus');

function run(command: string, args: string[], cwd?: string): void {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

/** The commit a training run starts at: its model card names it, and a test checks it still builds the architecture. */
export const headCommit = () => spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();

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

/** Where a corpus of a seed and count is drawn, named by the generator's code too (a corpus drawn before it changed is not used). */
export const corpusDir = (work: string, { seed, count }: { seed: number; count: number }, name: string) =>
  path.join(work, `${name}-s${seed}-n${count}-${generatorDigest().slice(0, 8)}`);

export function ensureCorpus(dir: string, { seed, count }: { seed: number; count: number }): void {
  if (existsSync(path.join(dir, 'manifest.json'))) return;
  process.stderr.write(`Drawing ${count} sheets (seed ${seed}) into ${dir}…\n`);
  run(process.execPath, [path.join(__dirname, 'corpus.js'), '--out', dir, '--count', String(count), '--seed', String(seed), '--sheets']);
}

/**
 * Draws both corpora where they are not drawn yet, and each sheet's scale by the product's own text-height measure.
 */
async function trainingCorpora(
  work: string,
  { train, heldOut }: TrainingCorpora = TRAINING_CORPORA,
): Promise<{ trainDir: string; heldOutDir: string }> {
  const trainDir = corpusDir(work, train, 'train');
  const heldOutDir = corpusDir(work, heldOut, 'held-out');
  ensureCorpus(trainDir, train);
  ensureCorpus(heldOutDir, heldOut);
  await writeSheetScales(trainDir, heldOutDir);
  return { trainDir, heldOutDir };
}

/**
 * What every trainer does before Python runs: the corpora of the counts asked for (`CORPUS_COUNT_OPTIONS`), the
 * commit training starts at, the Debian packages, and both corpora drawn and scaled.
 */
export async function prepareTraining(values: { work: string; 'train-count': string; 'held-out-count': string }) {
  const corpora = corporaOf(values);
  const commit = headCommit();
  ensurePython();
  return { corpora, commit, ...(await trainingCorpora(values.work, corpora)) };
}

/** Runs `train.py` in `dir` with `args` and each option as `--name value`, on every core. */
export function runTrainer(dir: string, args: string[], options: Record<string, string | number>): void {
  const all = { ...options, threads: cpus().length };
  run(PYTHON, ['train.py', ...args, ...Object.entries(all).flatMap(([name, value]) => [`--${name}`, String(value)])], dir);
}

/** The machine a model card names. */
export const trainingMachine = () => `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'})`;
