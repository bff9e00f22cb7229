/**
 * The committed connection-confidence model (`models/connection-confidence/model.json`): a logistic regression
 * over `CONNECTION_FEATURES`, standardized, fitted by `npm run train:connection-confidence` on a calibration
 * corpus. Its output is the probability that a traced connection is right.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTION_FEATURES } from './features';

export const DEFAULT_MODEL_FILE = path.resolve(__dirname, '../../models/connection-confidence/model.json');

export interface ConnectionConfidenceModel {
  /** The feature names, in the order of `mean`, `std` and `weights`. */
  features: string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
  /** The commit, command, corpus and figures of the fit (the model card repeats them). */
  training: Record<string, unknown>;
}

/** The probability a model gives to one feature vector. */
export function predictConfidence(model: Omit<ConnectionConfidenceModel, 'training'>, features: number[]): number {
  let z = model.bias;
  for (let i = 0; i < features.length; i++) z += (model.weights[i] * (features[i] - model.mean[i])) / model.std[i];
  return 1 / (1 + Math.exp(-z));
}

/** Reads a model file, refusing one whose features are not the code's. */
export function readConnectionModel(file: string): ConnectionConfidenceModel {
  const model = JSON.parse(readFileSync(file, 'utf8')) as ConnectionConfidenceModel;
  if (model.features.join() !== CONNECTION_FEATURES.join()) {
    throw new Error(
      `${file} was fitted on features ${model.features.join(', ')}, not this code's ${CONNECTION_FEATURES.join(', ')}: run npm run train:connection-confidence`,
    );
  }
  return model;
}

let committed: ConnectionConfidenceModel | undefined;

/** The committed model, read once. */
export function connectionModel(): ConnectionConfidenceModel {
  committed ??= readConnectionModel(DEFAULT_MODEL_FILE);
  return committed;
}
