/**
 * What the symbol-confidence model reads of a symbol found in `hybrid` mode on a raster page, or on a page read all
 * from the file: the score its finder gave it, its type and whether it was named a class, its size and shape against
 * the page's symbols, the pipes and signal lines traced to it, the symbols it overlaps and how the page was read.
 */
import { isSymbolElement } from '@pid/contracts';
import { elementKind, endDegrees, logit, shortSide, symbolScale, type FeatureElement } from './element-geometry';

/** The features in the order the model's weights are; the model file names them too, and must agree. */
export const SYMBOL_FEATURES = [
  'score_logit',
  'classified',
  'equipment',
  'valve',
  'instrument',
  'fitting',
  'connector',
  'log_size',
  'log_aspect',
  'solid_links',
  'dashed_links',
  'unlinked',
  'overlapping',
  'vector',
] as const;

type SymbolFeature = (typeof SYMBOL_FEATURES)[number];

/** A traced connection between two of the page's elements. */
export interface FeatureLink<Element> {
  source: Element;
  target: Element;
  dashed: boolean;
}

/** A symbol the model rates: one whose finder's score is kept as `score` (`hybrid` mode, or a vector page). */
export const rated = (element: FeatureElement) => isSymbolElement(element) && element.metadata?.score !== undefined;

/** Two boxes overlap when they share a fifth of the smaller one (as the hybrid fusion counts it). */
function overlap(a: FeatureElement['boundingBox'], b: FeatureElement['boundingBox']): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 && w * h >= 0.2 * Math.min(a.width * a.height, b.width * b.height);
}

/** A page's elements, the connections traced between them, and whether it was read all from the file. */
export interface SymbolPage<Element extends FeatureElement> {
  elements: Element[];
  links: Array<FeatureLink<Element>>;
  vector: boolean;
}

/** The features of each rated symbol of a page, in `SYMBOL_FEATURES` order. */
export function pageSymbolFeatures<Element extends FeatureElement>({
  elements,
  links,
  vector,
}: SymbolPage<Element>): Map<Element, number[]> {
  const scale = symbolScale(elements) ?? 1;
  const symbols = elements.filter(isSymbolElement);
  const solid = endDegrees(links.filter(({ dashed }) => !dashed).map(({ source, target }) => [source, target]));
  const dashed = endDegrees(links.filter(({ dashed }) => dashed).map(({ source, target }) => [source, target]));
  const features = new Map<Element, number[]>();
  for (const element of elements.filter(rated)) {
    const { width, height } = element.boundingBox;
    const metadata = element.metadata!;
    const traced = (solid.get(element) ?? 0) + (dashed.get(element) ?? 0);
    const values: Record<SymbolFeature, number> = {
      score_logit: logit(metadata.score!),
      classified: metadata.symbol_class ? 1 : 0,
      equipment: 0,
      valve: 0,
      instrument: 0,
      fitting: 0,
      connector: 0,
      log_size: Math.log(Math.max(1, shortSide(element)) / scale),
      log_aspect: Math.abs(Math.log(Math.max(1, width) / Math.max(1, height))),
      solid_links: Math.min(solid.get(element) ?? 0, 4),
      dashed_links: Math.min(dashed.get(element) ?? 0, 4),
      unlinked: traced === 0 ? 1 : 0,
      overlapping: Math.min(symbols.filter((other) => other !== element && overlap(element.boundingBox, other.boundingBox)).length, 3),
      vector: vector ? 1 : 0,
    };
    const kind = elementKind(element.elementType);
    if (kind && kind !== 'pipe') values[kind] = 1;
    features.set(
      element,
      SYMBOL_FEATURES.map((name) => values[name]),
    );
  }
  return features;
}
