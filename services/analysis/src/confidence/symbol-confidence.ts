/** The symbol-confidence model applied to a page: each rated symbol's probability of being a drawn symbol. */
import type { FeatureElement } from './element-geometry';
import { committedModel, predictConfidence, type LogisticModel } from './logistic-model';
import { pageSymbolFeatures, type SymbolPage } from './symbol-features';

/** A confidence as the result stores it (three decimals): what the connection model then reads of an end. */
export const storedConfidence = (p: number) => Math.round(p * 1000) / 1000;

/** The confidence the model gives each rated symbol of a page (`rated`), as stored. */
export function symbolConfidences<Element extends FeatureElement>(
  page: SymbolPage<Element>,
  model: Omit<LogisticModel, 'training'> = committedModel('symbols'),
): Map<Element, number> {
  const features = pageSymbolFeatures(page);
  return new Map([...features].map(([element, values]) => [element, storedConfidence(predictConfidence(model, values))]));
}
