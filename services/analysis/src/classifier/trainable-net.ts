/**
 * The classifier network for training. tfjs's pure-JS Conv2DBackpropFilter takes close to a minute per batch
 * on this machine and the wasm backend has none, so each 3 × 3 convolution runs forward as wasm's conv2d and
 * takes its kernel gradient from wasm's Conv3DBackpropFilter (the 2-D convolution as a 3-D one of depth 1) and
 * its input gradient from conv2dTranspose: about four times faster than slicing the input into patches. `toLayersModel` copies the weights into
 * ordinary layers for saving and inference.
 */
import * as tf from '@tensorflow/tfjs';
import { Prng } from '../synthetic/prng';
import { CROP_CHANNELS, CROP_SIZE } from './crop';

export interface Architecture {
  /** Filters of each 3 × 3 convolution; 2 × 2 max pooling follows every one but the last. */
  filters: number[];
  denseUnits: number;
  dropout: number;
}

export const ARCHITECTURE: Architecture = { filters: [16, 32, 64], denseUnits: 128, dropout: 0.3 };

const KERNEL = 3;

function glorot(prng: Prng, shape: number[], fanIn: number, fanOut: number): tf.Variable {
  const limit = Math.sqrt(6 / (fanIn + fanOut));
  const values = new Float32Array(shape.reduce((a, b) => a * b, 1));
  for (let i = 0; i < values.length; i++) values[i] = prng.range(-limit, limit);
  return tf.variable(tf.tensor(values, shape));
}

/** A valid 3 × 3 convolution, stride 1, whose gradients use kernels every backend has. */
export const convolve = tf.customGrad((...args) => {
  const [x, kernel] = args as [tf.Tensor4D, tf.Tensor4D];
  (args[2] as tf.GradSaveFunc)([x, kernel]);
  return {
    value: tf.conv2d(x, kernel, 1, 'valid'),
    gradFunc: (dy, saved) => {
      const [input, weights] = saved as [tf.Tensor4D, tf.Tensor4D];
      const [n, h, w, c] = input.shape;
      const [, outH, outW, filters] = (dy as tf.Tensor4D).shape;
      const dx = tf.conv2dTranspose(dy as tf.Tensor4D, weights, input.shape, 1, 'valid');
      const dk = tf
        .engine()
        .runKernel(
          'Conv3DBackpropFilterV2',
          { x: tf.reshape(input, [n, 1, h, w, c]), dy: tf.reshape(dy, [n, 1, outH, outW, filters]) },
          { strides: [1, 1, 1, 1, 1], pad: 'valid', filterShape: [1, KERNEL, KERNEL, c, filters] },
        ) as tf.Tensor;
      return [dx, tf.reshape(dk, weights.shape)];
    },
  };
});

export class TrainableNet {
  readonly kernels: tf.Variable[] = [];
  readonly biases: tf.Variable[] = [];
  readonly dense: tf.Variable[];

  constructor(
    readonly classCount: number,
    seed: number,
    readonly architecture: Architecture = ARCHITECTURE,
  ) {
    const prng = new Prng(seed).fork('weights');
    const { filters, denseUnits } = architecture;
    let side = CROP_SIZE;
    let channels = CROP_CHANNELS;
    filters.forEach((count, i) => {
      this.kernels.push(glorot(prng, [KERNEL, KERNEL, channels, count], KERNEL * KERNEL * channels, KERNEL * KERNEL * count));
      this.biases.push(tf.variable(tf.zeros([count])));
      side -= KERNEL - 1;
      if (i < filters.length - 1) side = Math.floor(side / 2);
      channels = count;
    });
    const flat = side * side * channels;
    this.dense = [
      glorot(prng, [flat, denseUnits], flat, denseUnits),
      tf.variable(tf.zeros([denseUnits])),
      glorot(prng, [denseUnits, classCount], denseUnits, classCount),
      tf.variable(tf.zeros([classCount])),
    ];
  }

  /** Logits for a batch [n, CROP_SIZE, CROP_SIZE, CROP_CHANNELS]; `dropoutSeed` turns dropout on (training). */
  logits(x: tf.Tensor4D, dropoutSeed?: number): tf.Tensor2D {
    let h = x;
    this.kernels.forEach((kernel, i) => {
      h = tf.relu(tf.add(convolve(h, kernel), this.biases[i])) as tf.Tensor4D;
      if (i < this.kernels.length - 1) h = tf.maxPool(h, 2, 2, 'valid');
    });
    let flat: tf.Tensor2D = tf.reshape(h, [h.shape[0], -1]);
    flat = tf.relu(tf.add(tf.matMul(flat, this.dense[0] as tf.Tensor2D), this.dense[1])) as tf.Tensor2D;
    if (dropoutSeed !== undefined) flat = tf.dropout(flat, this.architecture.dropout, undefined, dropoutSeed) as tf.Tensor2D;
    return tf.add(tf.matMul(flat, this.dense[2] as tf.Tensor2D), this.dense[3]);
  }

  /** The same network as standard layers (softmax of logits / temperature), weights copied. */
  toLayersModel(temperature: number): tf.Sequential {
    const model = tf.sequential();
    const { filters, denseUnits } = this.architecture;
    filters.forEach((count, i) => {
      model.add(
        tf.layers.conv2d({
          inputShape: i === 0 ? [CROP_SIZE, CROP_SIZE, CROP_CHANNELS] : undefined,
          filters: count,
          kernelSize: KERNEL,
          activation: 'relu',
        }),
      );
      if (i < filters.length - 1) model.add(tf.layers.maxPooling2d({ poolSize: 2 }));
    });
    model.add(tf.layers.flatten());
    model.add(tf.layers.dense({ units: denseUnits, activation: 'relu' }));
    model.add(tf.layers.dense({ units: this.classCount }));
    // Temperature scaling folded into the model: softmax(logits / T).
    model.add(tf.layers.rescaling({ scale: 1 / temperature }));
    model.add(tf.layers.softmax());
    model.setWeights(this.kernels.flatMap((kernel, i) => [kernel, this.biases[i]]).concat(this.dense));
    return model;
  }
}
