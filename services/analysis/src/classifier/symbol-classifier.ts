/**
 * The runtime symbol classifier: the committed model (models/symbol-classifier) on the fastest backend that
 * loads here: tfjs-node's native TensorFlow where its library is installed, else WebAssembly, else plain JS.
 * All three run the same weights; results agree to float rounding.
 */
import type { ElementType } from '@pid/contracts';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { CROP_CHANNELS, CROP_SIZE, CROP_VALUES, cropBatchShape, cropInto, type CropBox, type GrayImage } from './crop';
import { DEFAULT_MODEL_DIR, loadModel } from './model-files';

export interface SymbolPrediction {
  className: string;
  elementType: ElementType | 'none';
  /** Softmax probability of `className` (temperature-calibrated on the held-out split). */
  confidence: number;
  /** The three most probable classes, best first (the prediction included), for review. */
  alternatives: Array<{ className: string; elementType: ElementType | 'none'; confidence: number }>;
}

export interface SymbolClassifier {
  /** The tfjs backend it runs on: `tensorflow` (tfjs-node), `wasm` or `cpu`. */
  backend: string;
  classify(image: GrayImage, boxes: CropBox[]): Promise<SymbolPrediction[]>;
  dispose(): void;
}

export type ClassifierBackend = 'tensorflow' | 'wasm' | 'cpu';

export interface ClassifierOptions {
  /** Default: the first of tensorflow, wasm, cpu that loads. */
  backend?: ClassifierBackend;
}

const BATCH = 64;

async function tryBackend(backend: ClassifierBackend): Promise<boolean> {
  try {
    if (backend === 'tensorflow') {
      // Not a dependency: its native library cannot be downloaded everywhere. A variable keeps tsc from resolving it.
      const tfjsNode = '@tensorflow/tfjs-node';
      await import(tfjsNode);
    }
    return await tf.setBackend(backend);
  } catch {
    return false;
  }
}

async function useBackend(wanted?: ClassifierBackend): Promise<string> {
  for (const backend of wanted ? [wanted] : (['tensorflow', 'wasm', 'cpu'] as const)) {
    if (await tryBackend(backend)) {
      await tf.ready();
      return backend;
    }
  }
  throw new Error(`The tfjs backend ${wanted} cannot be loaded`);
}

export async function loadSymbolClassifier(modelDir = DEFAULT_MODEL_DIR, options: ClassifierOptions = {}): Promise<SymbolClassifier> {
  const backend = await useBackend(options.backend);
  const { model, metadata } = await loadModel(tf, modelDir);
  if (metadata.cropSize !== CROP_SIZE || metadata.cropChannels !== CROP_CHANNELS) {
    throw new Error(
      `The model takes ${metadata.cropSize}-px crops with ${metadata.cropChannels} channel(s), the crop code makes ${CROP_SIZE}-px crops with ${CROP_CHANNELS}`,
    );
  }
  const { classes } = metadata;
  return {
    backend,
    async classify(image, boxes) {
      // tfjs has one active backend per process: another classifier may have switched it.
      if (tf.getBackend() !== backend) await tf.setBackend(backend);
      const predictions: SymbolPrediction[] = [];
      for (let start = 0; start < boxes.length; start += BATCH) {
        const batch = boxes.slice(start, start + BATCH);
        const input = new Float32Array(batch.length * CROP_VALUES);
        batch.forEach((box, i) => cropInto(image, box, input, i * CROP_VALUES));
        const output = tf.tidy(() => model.predict(tf.tensor4d(input, cropBatchShape(batch.length))) as tf.Tensor);
        const probabilities = await output.data();
        output.dispose();
        for (let i = 0; i < batch.length; i++) {
          const row = Array.from(probabilities.subarray(i * classes.length, (i + 1) * classes.length));
          const ranked = row
            .map((confidence, index) => ({ className: classes[index].className, confidence, index }))
            .sort((a, b) => b.confidence - a.confidence);
          const best = ranked[0];
          predictions.push({
            className: best.className,
            elementType: classes[best.index].elementType as ElementType | 'none',
            confidence: best.confidence,
            alternatives: ranked.slice(0, 3).map(({ className, confidence, index }) => ({
              className,
              elementType: classes[index].elementType as ElementType | 'none',
              confidence,
            })),
          });
        }
      }
      return predictions;
    },
    dispose() {
      model.dispose();
    },
  };
}
