import type { SymbolClassifier, SymbolPrediction } from '../classifier/symbol-classifier';

/** A classifier that ranks the classes of every candidate as given, best first: to test how the runners-up are used. */
export const rankingAll = (ranked: SymbolPrediction['alternatives']): SymbolClassifier => ({
  backend: 'cpu',
  classify: async (_image, boxes) => boxes.map(() => ({ ...ranked[0], alternatives: ranked })),
  dispose: () => undefined,
});

/** A classifier that names each candidate as `name` says from its box (in page pixels): to script a scene. */
export const namingBy = (
  name: (box: { x0: number; y0: number; x1: number; y1: number }) => readonly [string, SymbolPrediction['elementType'], number],
): SymbolClassifier => ({
  backend: 'cpu',
  classify: async (_image, boxes) =>
    boxes.map((box) => {
      const [className, elementType, confidence] = name(box);
      return { className, elementType, confidence, alternatives: [{ className, elementType, confidence }] };
    }),
  dispose: () => undefined,
});

/**
 * A classifier that names every candidate `className` (`not_a_symbol`: none), of `elementType`, at `confidence`:
 * to test how the pipeline uses its word.
 */
export const namingAll = (
  className: string,
  elementType: SymbolPrediction['elementType'] = className === 'not_a_symbol' ? 'none' : 'valve',
  confidence = 0.9,
): SymbolClassifier => namingBy(() => [className, elementType, confidence]);
