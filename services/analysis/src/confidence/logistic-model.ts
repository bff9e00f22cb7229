/**
 * The committed confidence models (`models/symbol-confidence/model.json`, `models/connection-confidence/model.json`):
 * logistic regressions over standardized features, fitted by `npm run train:confidence` on a calibration corpus.
 * Each gives the probability that what it rates is right.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTION_FEATURES } from './connection-features';
import { SYMBOL_FEATURES } from './symbol-features';

export interface LogisticModel {
  /** The feature names, in the order of `mean`, `std` and `weights`. */
  features: string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
  /** The commit, command, corpus and figures of the fit (the model card repeats them). */
  training: Record<string, unknown>;
}

/** The two models: what each rates, its features and its committed folder. */
export const CONFIDENCE_MODELS = {
  symbols: { features: SYMBOL_FEATURES, dir: path.resolve(__dirname, '../../models/symbol-confidence') },
  connections: { features: CONNECTION_FEATURES, dir: path.resolve(__dirname, '../../models/connection-confidence') },
} as const;

export type ConfidenceKind = keyof typeof CONFIDENCE_MODELS;

/** The probability a model gives to one feature vector. */
export function predictConfidence(model: Omit<LogisticModel, 'training'>, features: number[]): number {
  let z = model.bias;
  for (let i = 0; i < features.length; i++) z += (model.weights[i] * (features[i] - model.mean[i])) / model.std[i];
  return 1 / (1 + Math.exp(-z));
}

/** Reads a model file, refusing one whose features are not the code's. */
export function readModel(file: string, kind: ConfidenceKind): LogisticModel {
  const model = JSON.parse(readFileSync(file, 'utf8')) as LogisticModel;
  const { features } = CONFIDENCE_MODELS[kind];
  if (model.features.join() !== features.join()) {
    throw new Error(
      `${file} was fitted on features ${model.features.join(', ')}, not this code's ${features.join(', ')}: run npm run train:confidence`,
    );
  }
  return model;
}

const committed = new Map<ConfidenceKind, LogisticModel>();

/** A committed model, read once. */
export function committedModel(kind: ConfidenceKind): LogisticModel {
  if (!committed.has(kind)) committed.set(kind, readModel(path.join(CONFIDENCE_MODELS[kind].dir, 'model.json'), kind));
  return committed.get(kind)!;
}
