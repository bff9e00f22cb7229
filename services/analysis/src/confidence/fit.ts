/**
 * Fits a confidence model: an L2-regularized logistic regression on standardized features, by
 * Newton's method (iteratively reweighted least squares), which converges in a few steps on a few thousand rows.
 */
import { Matrix, solve } from 'ml-matrix';
import type { LogisticModel } from './logistic-model';

export interface LabelledRow {
  features: number[];
  correct: boolean;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The model (without its training record) that best predicts `correct` from `features`; `l2` weighs the penalty. */
export function fitLogistic(samples: LabelledRow[], names: readonly string[], l2 = 1): Omit<LogisticModel, 'training'> {
  if (samples.length === 0) throw new Error('no labelled rows to fit');
  const n = names.length;
  const mean = names.map((_, j) => samples.reduce((sum, s) => sum + s.features[j], 0) / samples.length);
  const std = names.map((_, j) => {
    const variance = samples.reduce((sum, s) => sum + (s.features[j] - mean[j]) ** 2, 0) / samples.length;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  // Column 0 is the intercept, not penalized.
  const x = new Matrix(samples.map((s) => [1, ...s.features.map((v, j) => (v - mean[j]) / std[j])]));
  const y = samples.map((s) => (s.correct ? 1 : 0));
  let w = Matrix.zeros(n + 1, 1);
  for (let step = 0; step < 50; step++) {
    const p = x.mmul(w).to1DArray().map(sigmoid);
    const gradient = x.transpose().mmul(Matrix.columnVector(y.map((yi, i) => yi - p[i])));
    const hessian = x
      .transpose()
      .mulRowVector(p.map((pi) => pi * (1 - pi)))
      .mmul(x);
    for (let j = 1; j <= n; j++) {
      gradient.set(j, 0, gradient.get(j, 0) - l2 * w.get(j, 0));
      hessian.set(j, j, hessian.get(j, j) + l2);
    }
    hessian.set(0, 0, hessian.get(0, 0) + 1e-9);
    const delta = solve(hessian, gradient);
    w = w.add(delta);
    if (Math.max(...delta.to1DArray().map(Math.abs)) < 1e-8) break;
  }
  const coefficients = w.to1DArray();
  return { features: [...names], mean, std, weights: coefficients.slice(1), bias: coefficients[0] };
}
