/**
 * What both trainers (`train-detector.ts`, `train-line-ink.ts`) need before Python runs: the Debian packages, and the
 * training and held-out corpora drawn from their fixed seeds by the current generator.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { generatorDigest } from '../synthetic/generator-digest';
import { writeSheetScales } from './detector-sheet-scales';

/** The corpora both learned models are trained and scored on. */
export const TRAINING_CORPORA = {
  train: { seed: 41, count: 320 },
  heldOut: { seed: 4141, count: 24 },
};

export const PYTHON = '/usr/bin/python3';
const PACKAGES = ['python3-torch', 'python3-onnx', 'python3-pil', 'python3-numpy'];
export const DEFAULT_CORPUS_WORK_DIR = path.resolve(__dirname, '../../../../.cache/detector-corpus');

export function run(command: string, args: string[], cwd?: string): void {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

/** The commit a training run starts at: its model card names it, and a test checks it still builds the architecture. */
export const headCommit = () => spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();

export function ensurePython(): void {
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

/**
 * Draws both corpora where they are not drawn yet (named by the generator's code too, so a corpus drawn before the
 * generator changed is not trained on), and each sheet's scale by the product's own text-height measure.
 */
export async function trainingCorpora(work: string): Promise<{ trainDir: string; heldOutDir: string }> {
  const drawnBy = generatorDigest().slice(0, 8);
  const { train, heldOut } = TRAINING_CORPORA;
  const trainDir = path.join(work, `train-s${train.seed}-n${train.count}-${drawnBy}`);
  const heldOutDir = path.join(work, `held-out-s${heldOut.seed}-n${heldOut.count}-${drawnBy}`);
  ensureCorpus(trainDir, train);
  ensureCorpus(heldOutDir, heldOut);
  await writeSheetScales(trainDir, heldOutDir);
  return { trainDir, heldOutDir };
}
