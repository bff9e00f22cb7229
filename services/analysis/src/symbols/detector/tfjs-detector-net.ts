/**
 * The detector's network in TF.js ops, built from the exported tensors: the same layers as
 * `training/detector/model.py` (3x3 convolutions with ReLU, a top-down neck of 1x1 laterals and nearest
 * upsampling, two heads).
 */
import * as tf from '@tensorflow/tfjs';
import type { DetectorWeights } from './detector-files';

export interface DetectorNet {
  /** Heat logits `[classes, rows, cols]` and regression `[4, rows, cols]` for a tile (ink 0..1, row-major). */
  run(
    ink: Float32Array,
    height: number,
    width: number,
  ): Promise<{ heat: Float32Array; regression: Float32Array; rows: number; cols: number }>;
  dispose(): void;
}

interface Conv {
  filter: tf.Tensor4D;
  bias: tf.Tensor1D;
  stride: number;
  /** PyTorch pads a 3x3 convolution by one pixel on every side; TF's 'same' would pad a stride-2 one unevenly. */
  pad: number;
}

export function tfjsDetectorNet(weights: DetectorWeights): DetectorNet {
  const { manifest, tensors } = weights;
  const convs = new Map<string, Conv>();
  const conv = (name: string, stride = 1): Conv => {
    const weight = tensors.get(`${name}.weight`);
    const bias = tensors.get(`${name}.bias`);
    if (!weight || !bias) throw new Error(`The detector's weights have no tensor ${name}`);
    const [out, input, kh, kw] = weight.shape;
    // PyTorch keeps [out, in, h, w]; TF.js wants [h, w, in, out].
    const filter = tf.tidy(() => tf.transpose(tf.tensor4d(weight.values, [out, input, kh, kw]), [2, 3, 1, 0]) as tf.Tensor4D);
    const entry = { filter, bias: tf.tensor1d(bias.values), stride, pad: (kh - 1) / 2 };
    convs.set(name, entry);
    return entry;
  };
  const stages = manifest.widths.map((_, i) => [conv(`stages.${i}.0`, 2), conv(`stages.${i}.1`)]);
  const laterals = manifest.widths.slice(1).map((_, i) => conv(`lateral.${i}`));
  const smooth = conv('smooth');
  const heatHead = [conv('heatmap.0'), conv('heatmap.1')];
  const sizeHead = [conv('size.0'), conv('size.1')];
  const apply = (x: tf.Tensor4D, layer: Conv, relu: boolean): tf.Tensor4D => {
    const y = tf.add(tf.conv2d(x, layer.filter, layer.stride, layer.pad), layer.bias) as tf.Tensor4D;
    return relu ? tf.relu(y) : y;
  };
  return {
    async run(ink, height, width) {
      const [heat, regression] = tf.tidy(() => {
        let x = tf.tensor4d(ink, [1, height, width, 1]);
        const features: tf.Tensor4D[] = [];
        for (const [down, same] of stages) {
          x = apply(apply(x, down, true), same, true);
          features.push(x);
        }
        let top = apply(features[features.length - 1], laterals[laterals.length - 1], false);
        for (let level = laterals.length - 2; level >= 0; level--) {
          const lateral = apply(features[level + 1], laterals[level], false);
          const [rows, cols] = lateral.shape.slice(1, 3);
          top = tf.add(tf.image.resizeNearestNeighbor(top, [rows, cols]), lateral) as tf.Tensor4D;
        }
        const neck = apply(top, smooth, true);
        const head = (layers: Conv[]) => tf.transpose(apply(apply(neck, layers[0], true), layers[1], false), [0, 3, 1, 2]);
        return [head(heatHead), head(sizeHead)];
      });
      const [rows, cols] = heat.shape.slice(2, 4);
      const out = { heat: (await heat.data()) as Float32Array, regression: (await regression.data()) as Float32Array, rows, cols };
      heat.dispose();
      regression.dispose();
      return out;
    },
    dispose() {
      for (const { filter, bias } of convs.values()) {
        filter.dispose();
        bias.dispose();
      }
    },
  };
}
