/**
 * The classifier network for training. tfjs's pure-JS Conv2DBackpropFilter takes close to a minute per batch
 * on this machine and the wasm backend has none, so each 3 × 3 convolution is trained as nine shifted slices
 * concatenated and one matrix product (fast on wasm), and pooling as reshapes and a max. The weights have the
 * layout of conv2d kernels, so `toLayersModel` gives the same network as ordinary layers for saving and
 * inference.
 */
import * as tf from '@tensorflow/tfjs';
import { Prng } from '../synthetic/prng';
import { CROP_SIZE } from './crop';

const FILTERS = [8, 16, 32];
const DENSE_UNITS = 64;
const KERNEL = 3;

interface Shape {
  side: number;
  channels: number;
}

function glorot(prng: Prng, shape: number[], fanIn: number, fanOut: number): tf.Variable {
  const limit = Math.sqrt(6 / (fanIn + fanOut));
  const values = new Float32Array(shape.reduce((a, b) => a * b, 1));
  for (let i = 0; i < values.length; i++) values[i] = prng.range(-limit, limit);
  return tf.variable(tf.tensor(values, shape));
}

/** 3 × 3 valid convolution as im2col: the kernel is [9·C, F], rows ordered (dy, dx, c) as conv2d's [3, 3, C, F]. */
function convolve(x: tf.Tensor4D, kernel: tf.Tensor, bias: tf.Tensor): tf.Tensor4D {
  const [n, h, , c] = x.shape;
  const out = h - KERNEL + 1;
  const slices: tf.Tensor4D[] = [];
  for (let dy = 0; dy < KERNEL; dy++) for (let dx = 0; dx < KERNEL; dx++) slices.push(tf.slice(x, [0, dy, dx, 0], [n, out, out, c]));
  const patches = tf.reshape(tf.concat(slices, 3), [n * out * out, KERNEL * KERNEL * c]);
  const filters = kernel.shape[1] as number;
  return tf.reshape(tf.relu(tf.add(tf.matMul(patches, kernel as tf.Tensor2D), bias)), [n, out, out, filters]);
}

/** 2 × 2 max pooling, stride 2, a trailing odd row and column dropped (as MaxPooling2D 'valid'). */
function pool(x: tf.Tensor4D): tf.Tensor4D {
  const [n, h, , c] = x.shape;
  const half = Math.floor(h / 2);
  const even = tf.slice(x, [0, 0, 0, 0], [n, half * 2, half * 2, c]);
  const rows = tf.max(tf.reshape(even, [n * half, 2, half * 2 * c]), 1);
  const cols = tf.max(tf.reshape(rows, [n * half * half, 2, c]), 1);
  return tf.reshape(cols, [n, half, half, c]);
}

export class TrainableNet {
  readonly kernels: tf.Variable[] = [];
  readonly biases: tf.Variable[] = [];
  readonly dense: tf.Variable[];

  constructor(
    readonly classCount: number,
    seed: number,
  ) {
    const prng = new Prng(seed).fork('weights');
    let shape: Shape = { side: CROP_SIZE, channels: 1 };
    FILTERS.forEach((filters, i) => {
      const fanIn = KERNEL * KERNEL * shape.channels;
      this.kernels.push(glorot(prng, [fanIn, filters], fanIn, KERNEL * KERNEL * filters));
      this.biases.push(tf.variable(tf.zeros([filters])));
      const side = shape.side - KERNEL + 1;
      shape = { side: i < FILTERS.length - 1 ? Math.floor(side / 2) : side, channels: filters };
    });
    const flat = shape.side * shape.side * shape.channels;
    this.dense = [
      glorot(prng, [flat, DENSE_UNITS], flat, DENSE_UNITS),
      tf.variable(tf.zeros([DENSE_UNITS])),
      glorot(prng, [DENSE_UNITS, classCount], DENSE_UNITS, classCount),
      tf.variable(tf.zeros([classCount])),
    ];
  }

  get variables(): tf.Variable[] {
    return [...this.kernels, ...this.biases, ...this.dense];
  }

  /** Logits for a batch [n, CROP_SIZE, CROP_SIZE, 1]; `dropoutSeed` turns dropout on (training). */
  logits(x: tf.Tensor4D, dropoutSeed?: number): tf.Tensor2D {
    let h = x;
    this.kernels.forEach((kernel, i) => {
      h = convolve(h, kernel, this.biases[i]);
      if (i < this.kernels.length - 1) h = pool(h);
    });
    let flat: tf.Tensor2D = tf.reshape(h, [h.shape[0], -1]);
    flat = tf.relu(tf.add(tf.matMul(flat, this.dense[0] as tf.Tensor2D), this.dense[1])) as tf.Tensor2D;
    if (dropoutSeed !== undefined) flat = tf.dropout(flat, 0.3, undefined, dropoutSeed) as tf.Tensor2D;
    return tf.add(tf.matMul(flat, this.dense[2] as tf.Tensor2D), this.dense[3]);
  }

  /** The same network as standard layers (softmax of logits / temperature), weights copied. */
  toLayersModel(temperature: number): tf.Sequential {
    const model = tf.sequential();
    FILTERS.forEach((filters, i) => {
      model.add(
        tf.layers.conv2d({ inputShape: i === 0 ? [CROP_SIZE, CROP_SIZE, 1] : undefined, filters, kernelSize: KERNEL, activation: 'relu' }),
      );
      if (i < FILTERS.length - 1) model.add(tf.layers.maxPooling2d({ poolSize: 2 }));
    });
    model.add(tf.layers.flatten());
    model.add(tf.layers.dense({ units: DENSE_UNITS, activation: 'relu' }));
    model.add(tf.layers.dense({ units: this.classCount }));
    // Temperature scaling folded into the model: softmax(logits / T).
    model.add(tf.layers.rescaling({ scale: 1 / temperature }));
    model.add(tf.layers.softmax());
    const weights = this.kernels.flatMap((kernel, i) => [
      tf.reshape(kernel, [KERNEL, KERNEL, kernel.shape[0] / (KERNEL * KERNEL), kernel.shape[1] as number]),
      this.biases[i],
    ]);
    model.setWeights([...weights, ...this.dense]);
    return model;
  }
}
