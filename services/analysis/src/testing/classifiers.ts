import type { SymbolClassifier, SymbolPrediction } from '../classifier/symbol-classifier';

/**
 * A classifier that names every candidate `className` (`not_a_symbol`: none), of `elementType`, at `confidence`:
 * to test how the pipeline uses its word.
 */
export const namingAll = (
  className: string,
  elementType: SymbolPrediction['elementType'] = className === 'not_a_symbol' ? 'none' : 'valve',
  confidence = 0.9,
): SymbolClassifier => ({
  backend: 'cpu',
  classify: async (_image, boxes) =>
    boxes.map(() => ({ className, elementType, confidence, alternatives: [{ className, elementType, confidence }] })),
  dispose: () => undefined,
});
