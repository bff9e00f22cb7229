/**
 * Trains the symbol classifier from generated training sheets and library symbols, prints per-class accuracy
 * on a split held out by sheet, calibrates a temperature there and writes the model and its report.
 *
 * npm run train:classifier -- [--seed 1] [--sheets 30] [--library-pages 60] [--epochs 12] [--out <dir>]
 */
import { formatWithPrettier } from '../cli/format-with-prettier';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { Prng } from '../synthetic/prng';
import { CROP_CHANNELS, CROP_PADDING, CROP_SIZE, CROP_VALUES, cropBatchShape, mirrorCrop } from './crop';
import { evaluate, formatReport, type Evaluation } from './evaluation';
import { DEFAULT_MODEL_DIR, saveModel, type ModelMetadata } from './model-files';
import { TrainableNet } from './trainable-net';
import { classifierClasses, cropSources, NOT_A_SYMBOL, type CropSet, type Sample } from './training-data';

const BATCH = 64;
const LEARNING_RATE = 0.002;

/** Adam whose step size can be lowered between epochs (tfjs keeps it protected). */
class ScheduledAdam extends tf.AdamOptimizer {
  setLearningRate(rate: number): void {
    this.learningRate = rate;
  }
}

/** Adam's step size: full for the first half of the epochs, a third until three quarters, then a tenth. */
function learningRate(epoch: number, epochs: number): number {
  if (epoch >= epochs * 0.75) return LEARNING_RATE / 10;
  return epoch >= epochs * 0.5 ? LEARNING_RATE / 3 : LEARNING_RATE;
}

interface Dataset {
  samples: Sample[];
  pixels: Float32Array;
  labels: Int32Array;
}

function join(sets: CropSet[], classIndex: Map<string, number>): Dataset {
  const samples = sets.flatMap((set) => set.samples);
  const pixels = new Float32Array(samples.length * CROP_VALUES);
  let offset = 0;
  for (const set of sets) {
    pixels.set(set.pixels, offset);
    offset += set.pixels.length;
  }
  return { samples, pixels, labels: Int32Array.from(samples, (s) => classIndex.get(s.className) ?? -1) };
}

function subset(data: Dataset, indices: number[]): Dataset {
  const pixels = new Float32Array(indices.length * CROP_VALUES);
  indices.forEach((from, to) => pixels.set(data.pixels.subarray(from * CROP_VALUES, (from + 1) * CROP_VALUES), to * CROP_VALUES));
  return { samples: indices.map((i) => data.samples[i]), pixels, labels: Int32Array.from(indices, (i) => data.labels[i]) };
}

function batchTensor(data: Dataset, indices: number[], mirrorRng?: Prng): { x: tf.Tensor4D; y: tf.Tensor1D } {
  const batch = subset(data, indices);
  indices.forEach((_, i) => {
    // Every class stays itself in a mirror, and sheets draw both hands.
    if (mirrorRng?.chance(0.5)) mirrorCrop(batch.pixels, i);
  });
  return { x: tf.tensor4d(batch.pixels, cropBatchShape(indices.length)), y: tf.tensor1d(batch.labels, 'int32') };
}

/** Held-out logits, batch by batch. */
function predictLogits(net: TrainableNet, data: Dataset): Float32Array {
  const classes = net.classCount;
  const out = new Float32Array(data.samples.length * classes);
  for (let start = 0; start < data.samples.length; start += BATCH * 4) {
    const indices = Array.from({ length: Math.min(BATCH * 4, data.samples.length - start) }, (_, i) => start + i);
    const logits = tf.tidy(() => net.logits(batchTensor(data, indices).x));
    out.set(logits.dataSync(), start * classes);
    logits.dispose();
  }
  return out;
}

/** The temperature that minimises the held-out negative log-likelihood (a grid is enough for one number). */
function fitTemperature(logits: Float32Array, labels: Int32Array, classes: number): number {
  let best = { temperature: 1, nll: Infinity };
  for (let temperature = 0.5; temperature <= 4.001; temperature += 0.05) {
    let nll = 0;
    for (let i = 0; i < labels.length; i++) {
      const row = logits.subarray(i * classes, (i + 1) * classes);
      const max = Math.max(...row);
      let sum = 0;
      for (const value of row) sum += Math.exp((value - max) / temperature);
      nll -= (row[labels[i]] - max) / temperature - Math.log(sum);
    }
    if (nll < best.nll) best = { temperature, nll };
  }
  return Math.round(best.temperature * 100) / 100;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '1' },
      sheets: { type: 'string', default: '30' },
      'library-pages': { type: 'string', default: '60' },
      epochs: { type: 'string', default: '12' },
      out: { type: 'string', default: DEFAULT_MODEL_DIR },
    },
  });
  const seed = Number(values.seed);
  const epochs = Number(values.epochs);
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const log = (message: string) => process.stderr.write(`[${elapsed()}] ${message}\n`);
  await tf.setBackend('wasm');
  await tf.ready();
  log(`backend ${tf.getBackend()}`);

  const classes = classifierClasses();
  const classIndex = new Map(classes.map((c, i) => [c.className, i]));
  const trainSets: CropSet[] = [];
  const heldSets: CropSet[] = [];
  const sources = cropSources(seed, Number(values.sheets), Number(values['library-pages']));
  for (const [i, source] of sources.entries()) {
    (source.heldOut ? heldSets : trainSets).push(await source.crops());
    log(`${i + 1}/${sources.length}: ${source.name}${source.heldOut ? ', held out' : ''}`);
  }
  const rng = new Prng(seed).fork('training');
  const allTrain = join(trainSets, classIndex);
  // Negatives outnumber symbols several times over: keep at most as many as there are symbols, and every clutter
  // mark (few, and the kind a classifier that never saw one takes for a symbol).
  const negatives = allTrain.samples.flatMap((s, i) => (s.className === NOT_A_SYMBOL && s.source !== 'clutter' ? [i] : []));
  const clutter = allTrain.samples.flatMap((s, i) => (s.source === 'clutter' ? [i] : []));
  const positives = allTrain.samples.flatMap((s, i) => (s.className === NOT_A_SYMBOL ? [] : [i]));
  const train = subset(allTrain, [...positives, ...clutter, ...rng.shuffle(negatives).slice(0, positives.length)]);
  const held = join(heldSets, classIndex);
  log(`train ${train.samples.length} crops (${positives.length} symbols), held out ${held.samples.length}`);

  const net = new TrainableNet(classes.length, seed);
  const optimizer = new ScheduledAdam(LEARNING_RATE, 0.9, 0.999);
  const steps = Math.ceil(train.samples.length / BATCH);
  for (let epoch = 0; epoch < epochs; epoch++) {
    optimizer.setLearningRate(learningRate(epoch, epochs));
    const order = rng.shuffle(Array.from(train.labels.keys()));
    let lossSum = 0;
    for (let step = 0; step < steps; step++) {
      const indices = order.slice(step * BATCH, (step + 1) * BATCH);
      const loss = tf.tidy(() => {
        const { x, y } = batchTensor(train, indices, rng);
        const oneHot = tf.oneHot(y, classes.length);
        return optimizer.minimize(() => tf.losses.softmaxCrossEntropy(oneHot, net.logits(x, epoch * steps + step)), true) as tf.Scalar;
      });
      lossSum += loss.dataSync()[0];
      loss.dispose();
    }
    const logits = predictLogits(net, held);
    const evaluation = evaluate(
      logits,
      held.labels,
      classes.map((c) => c.className),
    );
    log(
      `epoch ${epoch + 1}/${epochs}: loss ${(lossSum / steps).toFixed(3)}, held-out accuracy ${(100 * evaluation.accuracy).toFixed(1)} %`,
    );
  }

  const logits = predictLogits(net, held);
  const temperature = fitTemperature(logits, held.labels, classes.length);
  const evaluation: Evaluation = evaluate(
    logits,
    held.labels,
    classes.map((c) => c.className),
  );
  const model = net.toLayersModel(temperature);
  const metadata: ModelMetadata = {
    classes,
    cropSize: CROP_SIZE,
    cropChannels: CROP_CHANNELS,
    cropPadding: CROP_PADDING,
    temperature,
    seed,
  };
  const outDir = path.resolve(values.out);
  await mkdir(outDir, { recursive: true });
  const size = await saveModel(model, metadata, outDir);
  const counts = {
    trainSheets: sources.filter((s) => !s.heldOut && s.name.startsWith('sheet')).length,
    heldSheets: sources.filter((s) => s.heldOut && s.name.startsWith('sheet')).length,
    libraryPages: Number(values['library-pages']),
    train: train.samples.length,
    held: held.samples.length,
    bySource: countBy([...train.samples, ...held.samples], (s) => s.source),
  };
  const command = `npm run train:classifier -- --seed ${seed} --sheets ${values.sheets} --library-pages ${values['library-pages']} --epochs ${epochs}`;
  const report = formatReport({
    evaluation,
    counts,
    seed,
    command,
    seconds: (Date.now() - started) / 1000,
    temperature,
    modelBytes: size,
    backend: tf.getBackend(),
    architecture: net.architecture,
    cropSize: CROP_SIZE,
    cropChannels: CROP_CHANNELS,
  });
  await writeFile(path.join(outDir, 'TRAINING.md'), report);
  formatWithPrettier([path.join(outDir, 'model.json'), path.join(outDir, 'TRAINING.md')]);
  process.stdout.write(report);
  log(`model written to ${outDir} (${(size / 1024).toFixed(0)} KiB)`);
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
