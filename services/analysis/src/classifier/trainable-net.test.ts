import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { cropBatchShape } from './crop';
import { convolve, TrainableNet } from './trainable-net';
import { HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit/samples';

const maxDifference = (a: tf.Tensor, b: tf.Tensor) => tf.tidy(() => tf.max(tf.abs(tf.sub(a, b))).dataSync()[0]);
const largest = (a: tf.Tensor) => tf.tidy(() => tf.max(tf.abs(a)).dataSync()[0]);

describe('trainable classifier network', () => {
  beforeAll(async () => {
    // Each test file runs in its own worker: the backend set here is this file's.
    await tf.setBackend('cpu');
  }, HOOK_TIMEOUT_MS);

  it('takes the same gradients through its convolution as tf.conv2d does, on wasm (as trained) and cpu', async () => {
    // Not square, so rows and columns cannot be swapped unseen.
    const x = tf.randomUniform([3, 9, 13, 2], 0, 1, 'float32', 7) as tf.Tensor4D;
    const kernel = tf.randomNormal([3, 3, 2, 4], 0, 0.5, 'float32', 8) as tf.Tensor4D;
    const target = tf.randomNormal([3, 7, 11, 4], 0, 1, 'float32', 9);
    const loss = (conv: (x: tf.Tensor4D, k: tf.Tensor4D) => tf.Tensor) => (a: tf.Tensor, b: tf.Tensor) =>
      tf.sum(tf.mul(conv(a as tf.Tensor4D, b as tf.Tensor4D), target));
    // The plain JS backend has tfjs's own conv2d gradients to compare with.
    const [refX, refKernel] = tf.grads(loss((a, b) => tf.conv2d(a, b, 1, 'valid')))([x, kernel]);
    const reference = { x: refX.arraySync(), kernel: refKernel.arraySync() };
    for (const backend of ['cpu', 'wasm']) {
      await tf.setBackend(backend);
      const [ownX, ownKernel] = tf.grads(loss((a, b) => convolve(a, b)))([tf.tensor(x.arraySync()), tf.tensor(kernel.arraySync())]);
      expectWith(maxDifference(ownKernel, tf.tensor(reference.kernel)), backend).toBeLessThan(1e-4 * largest(tf.tensor(reference.kernel)));
      expectWith(maxDifference(ownX, tf.tensor(reference.x)), backend).toBeLessThan(1e-4 * largest(tf.tensor(reference.x)));
    }
    await tf.setBackend('cpu');
  });

  it('saves as a layers model that computes what it trained, temperature folded in', () => {
    const net = new TrainableNet(5, 3, { filters: [4, 6, 8], denseUnits: 12, dropout: 0.3 });
    const x = tf.randomUniform(cropBatchShape(2), 0, 1, 'float32', 4);
    const model = net.toLayersModel(2);
    const saved = model.predict(x) as tf.Tensor;
    const trained = tf.softmax(tf.div(net.logits(x as tf.Tensor4D), 2));
    expect(saved.shape).toEqual([2, 5]);
    expect(maxDifference(saved, trained)).toBeLessThan(1e-5);
    model.dispose();
  });

  it('learns: a few steps lower the loss on a batch', () => {
    const net = new TrainableNet(3, 5, { filters: [4, 6, 8], denseUnits: 12, dropout: 0 });
    const x = tf.randomUniform(cropBatchShape(6), 0, 1, 'float32', 6);
    const labels = tf.oneHot(tf.tensor1d([0, 1, 2, 0, 1, 2], 'int32'), 3);
    const optimizer = tf.train.adam(0.01);
    const step = () => optimizer.minimize(() => tf.losses.softmaxCrossEntropy(labels, net.logits(x as tf.Tensor4D)), true) as tf.Scalar;
    const first = step().dataSync()[0];
    let last = first;
    for (let i = 0; i < 15; i++) last = step().dataSync()[0];
    expect(last).toBeLessThan(first * 0.8);
  });
});
