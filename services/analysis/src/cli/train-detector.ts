/**
 * `npm run train:detector -- [--steps N] [--device auto|cpu|cuda] [--workers N] [--train-count N] [--held-out-count N]
 *   [--work DIR] [--out DIR]`
 * Rebuilds the committed symbol detector: draws the training and held-out corpora from their fixed seeds (whole
 * sheets, skipped when already drawn), measures each sheet's text height to read it at the product's scale, installs the Debian packages the trainer needs (PyTorch, ONNX, Pillow),
 * trains with `training/detector/train.py` on every core (on a CUDA GPU where PyTorch sees one, `--workers` processes
 * drawing its crops; the product never needs one), and writes the weights and their model card
 * (`models/symbol-detector/`). Progress on stderr.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COCO_CATEGORIES } from '../synthetic/corpus/tiles';
import { SYMBOL_CLASSES } from '../synthetic/symbol-library';
import { DEFAULT_DETECTOR_DIR } from '../symbols/detector/detector-files';
import { writeModelCard } from '../symbols/detector/model-card';
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

export const DETECTOR_TRAINING = { steps: 14000, batch: 12, crop: 320, seed: 41 };

const TRAINING_DIR = path.resolve(__dirname, '../../training/detector');

const DEVICES = ['auto', 'cpu', 'cuda'];

/** The command line's device options where they are not the defaults (they change the crops' random stream). */
function gpuOptions(device: string, workers: string): string {
  if (!DEVICES.includes(device)) throw new Error(`--device must be one of ${DEVICES.join(', ')}, not "${device}"`);
  if (!/^\d+$/.test(workers)) throw new Error(`--workers must be a whole number of processes, not "${workers}"`);
  return (device === 'auto' ? '' : ` --device ${device}`) + (workers === '0' ? '' : ` --workers ${workers}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      steps: { type: 'string', default: String(DETECTOR_TRAINING.steps) },
      device: { type: 'string', default: 'auto' },
      workers: { type: 'string', default: '0' },
      ...CORPUS_COUNT_OPTIONS,
      work: { type: 'string', default: DEFAULT_CORPUS_WORK_DIR },
      out: { type: 'string', default: DEFAULT_DETECTOR_DIR },
    },
  });
  const { steps, device, workers } = values;
  const deviceOptions = gpuOptions(device, workers);
  const { corpora, commit, trainDir, heldOutDir } = await prepareTraining(values);
  const classes = path.join(trainDir, 'classes.json');
  // Heatmap order and each class's element type (`other_symbol` has none: its kind comes from its size).
  const elementType = (name: string) => SYMBOL_CLASSES.find((cls) => cls.className === name)?.elementType ?? null;
  await writeFile(classes, JSON.stringify(COCO_CATEGORIES.map(({ name }) => ({ name, elementType: elementType(name) }))));
  const started = Date.now();
  const { batch, crop, seed } = DETECTOR_TRAINING;
  runTrainer(TRAINING_DIR, ['--corpus', trainDir, '--holdout', heldOutDir, '--classes', classes, '--out', values.out], {
    steps,
    batch,
    size: crop,
    seed,
    'fallback-scale': FALLBACK_SCALE,
    commit,
    device,
    workers,
  });
  const minutes = (Date.now() - started) / 60000;
  await writeModelCard(values.out, {
    command: trainingCommand(`npm run train:detector -- --steps ${steps}${deviceOptions}`, corpora),
    corpora,
    wallMinutes: minutes,
    machine: trainingMachine(),
  });
  formatWithPrettier([path.join(values.out, 'detector.json'), path.join(values.out, 'MODEL.md')]);
  process.stderr.write(`Trained in ${minutes.toFixed(1)} min; weights and MODEL.md in ${values.out}\n`);
  return 0;
}

runCli(main, (error) => error.message);
