/** The symbol-confidence model applied to a page: each rated symbol's probability of being a drawn symbol. */
import type { FeatureElement } from './element-geometry';
import { committedModel, predictConfidence, type LogisticModel } from './logistic-model';
import { pageSymbolFeatures, type FeatureLink } from './symbol-features';

/** The confidence the model gives each rated symbol of a page (those the detector ran beside). */
export function symbolConfidences<Element extends FeatureElement>(
  elements: Element[],
  links: Array<FeatureLink<Element>>,
  model: Omit<LogisticModel, 'training'> = committedModel('symbols'),
): Map<Element, number> {
  const features = pageSymbolFeatures(elements, links);
  return new Map([...features].map(([element, values]) => [element, predictConfidence(model, values)]));
}
