/**
 * `npm run train:line-ink -- [--steps N] [--sheets N] [--train-count N] [--held-out-count N] [--work DIR] [--out DIR]`
 * Rebuilds the committed line-ink model: the same corpora as the symbol detector's (drawn where not drawn yet, each
 * sheet's scale measured), the Debian packages the trainer needs, then `training/line_ink/train.py` on every core;
 * writes `line-ink.onnx`, `line-ink.json` and the model card (`models/line-ink/`). Progress on stderr.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LINE_INK_DIR } from '../line-ink/line-ink-files';
import { writeLineInkCard } from '../line-ink/model-card';
import { FALLBACK_SCALE } from './detector-sheet-scales';
import { formatWithPrettier } from './format-with-prettier';
import { runCli } from './run-cli';
import {
  CORPUS_COUNT_OPTIONS,
  DEFAULT_CORPUS_WORK_DIR,
  prepareTraining,
  runTrainer,
  trainingCommand,
  trainingMachine,
} from './training-setup';

export const LINE_INK_TRAINING = { steps: 2000, batch: 12, crop: 256, sheets: 160, seed: 43 };

const TRAINING_DIR = path.resolve(__dirname, '../../training/line_ink');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      steps: { type: 'string', default: String(LINE_INK_TRAINING.steps) },
      sheets: { type: 'string', default: String(LINE_INK_TRAINING.sheets) },
      ...CORPUS_COUNT_OPTIONS,
      work: { type: 'string', default: DEFAULT_CORPUS_WORK_DIR },
      out: { type: 'string', default: DEFAULT_LINE_INK_DIR },
    },
  });
  const { corpora, commit, trainDir, heldOutDir } = await prepareTraining(values);
  const started = Date.now();
  const { steps, sheets } = values;
  const { batch, crop, seed } = LINE_INK_TRAINING;
  runTrainer(TRAINING_DIR, ['--corpus', trainDir, '--holdout', heldOutDir, '--out', values.out], {
    steps,
    sheets,
    batch,
    size: crop,
    seed,
    'fallback-scale': FALLBACK_SCALE,
    commit,
  });
  const minutes = (Date.now() - started) / 60000;
  await writeLineInkCard(values.out, {
    command: trainingCommand(`npm run train:line-ink -- --steps ${steps} --sheets ${sheets}`, corpora),
    corpora,
    wallMinutes: minutes,
    machine: trainingMachine(),
  });
  formatWithPrettier([path.join(values.out, 'line-ink.json'), path.join(values.out, 'MODEL.md')]);
  process.stderr.write(`Trained in ${minutes.toFixed(1)} min; the model and MODEL.md in ${values.out}\n`);
  return 0;
}

runCli(main, (error) => error.message);
