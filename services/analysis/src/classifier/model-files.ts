/**
 * The committed model's files: `model.json` (topology, weight manifest and our metadata) and `weights.bin`,
 * written and read without tfjs-node's file handlers so every backend loads the same bytes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as tf from '@tensorflow/tfjs';

export const DEFAULT_MODEL_DIR = path.resolve(__dirname, '../../models/symbol-classifier');

export interface ModelMetadata {
  /** Output order of the network; `elementType` 'none' for `not_a_symbol`. */
  classes: Array<{ className: string; elementType: string }>;
  cropSize: number;
  /** Channels of a crop (`CROP_CHANNELS`). */
  cropChannels: number;
  cropPadding: number;
  /** Softmax temperature fitted on the held-out split, already folded into the model. */
  temperature: number;
  seed: number;
}

type Tf = typeof tf;

/** Writes both files; answers the weights' size in bytes. */
export async function saveModel(model: tf.LayersModel, metadata: ModelMetadata, dir: string): Promise<number> {
  const { io } = await import('@tensorflow/tfjs');
  let bytes = 0;
  await model.save(
    io.withSaveHandler(async (artifacts) => {
      const weights = artifacts.weightData as ArrayBuffer;
      bytes = weights.byteLength;
      const json = {
        format: 'layers-model',
        generatedBy: 'pid symbol classifier',
        modelTopology: artifacts.modelTopology,
        weightsManifest: [{ paths: ['weights.bin'], weights: artifacts.weightSpecs }],
        userDefinedMetadata: metadata,
      };
      await writeFile(path.join(dir, 'model.json'), `${JSON.stringify(json)}\n`);
      await writeFile(path.join(dir, 'weights.bin'), Buffer.from(weights));
      return { modelArtifactsInfo: io.getModelArtifactsInfoForJSON(artifacts) };
    }),
  );
  return bytes;
}

export async function loadModel(tfjs: Tf, dir: string): Promise<{ model: tf.LayersModel; metadata: ModelMetadata }> {
  const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8')) as {
    modelTopology: tf.io.ModelArtifacts['modelTopology'];
    weightsManifest: Array<{ weights: tf.io.WeightsManifestEntry[] }>;
    userDefinedMetadata: ModelMetadata;
  };
  const weights = await readFile(path.join(dir, 'weights.bin'));
  const model = await tfjs.loadLayersModel(
    tfjs.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((entry) => entry.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  );
  return { model, metadata: json.userDefinedMetadata };
}
