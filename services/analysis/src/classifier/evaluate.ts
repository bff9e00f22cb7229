/**
 * Scores a saved classifier on the held-out split of a training run (same seed and counts as its training:
 * see TRAINING.md) and prints the per-class table, as the training did, read back from the files.
 *
 * node services/analysis/dist/classifier/evaluate.js [--model <dir>] [--seed 1] [--sheets 30] [--library-pages 60]
 */
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { cropBatchShape } from './crop';
import { accuracyTable, evaluate } from './evaluation';
import { DEFAULT_MODEL_DIR, loadModel } from './model-files';
import { cropSources } from './training-data';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: 'string', default: DEFAULT_MODEL_DIR },
      seed: { type: 'string' },
      sheets: { type: 'string', default: '30' },
      'library-pages': { type: 'string', default: '60' },
    },
  });
  await tf.setBackend('wasm');
  const { model, metadata } = await loadModel(tf, values.model);
  const classNames = metadata.classes.map((c) => c.className);
  const seed = values.seed ? Number(values.seed) : metadata.seed;
  const scores: number[] = [];
  const labels: number[] = [];
  for (const source of cropSources(seed, Number(values.sheets), Number(values['library-pages'])).filter((s) => s.heldOut)) {
    const { samples, pixels } = await source.crops();
    const output = tf.tidy(() => model.predict(tf.tensor4d(pixels, cropBatchShape(samples.length))) as tf.Tensor);
    for (const value of await output.data()) scores.push(value);
    output.dispose();
    for (const sample of samples) labels.push(classNames.indexOf(sample.className));
    process.stderr.write(`${source.name}: ${samples.length} crops\n`);
  }
  const evaluation = evaluate(Float32Array.from(scores), Int32Array.from(labels), classNames);
  process.stdout.write(
    `held-out top-1 accuracy ${(100 * evaluation.accuracy).toFixed(1)} %, symbol vs not ${(100 * evaluation.symbolnessAccuracy).toFixed(1)} % (${labels.length} crops, ${tf.getBackend()})\n\n${accuracyTable(evaluation)}\n`,
  );
  model.dispose();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
