/**
 * What both confidence models read of a page's elements, as the pipeline's result and the CLI's document both carry
 * them (so the trainer reads them from the CLI's output, and the pipeline from its own result, through one code).
 */
import { isSymbolElement } from '@pid/contracts';

/** An element as the result and the document carry it. */
export interface FeatureElement {
  elementType: string;
  boundingBox: { x: number; y: number; width: number; height: number };
  metadata?: { confidence?: number; score?: number; symbol_class?: string };
}

/** The kind both models name an element type by: one feature per kind (a symbol's type, a connection's ends). */
const ELEMENT_KINDS = {
  equipment: 'equipment',
  valve: 'valve',
  instrument: 'instrument',
  fitting: 'fitting',
  off_page_connector: 'connector',
  pipe: 'pipe',
} as const;

export type ElementKind = (typeof ELEMENT_KINDS)[keyof typeof ELEMENT_KINDS];

export const elementKind = (elementType: string): ElementKind | undefined =>
  Object.hasOwn(ELEMENT_KINDS, elementType) ? ELEMENT_KINDS[elementType as keyof typeof ELEMENT_KINDS] : undefined;

/** A probability as log-odds, kept off the infinities. */
export const logit = (p: number) => {
  const q = Math.min(Math.max(p, 0.01), 0.99);
  return Math.log(q / (1 - q));
};

export const shortSide = ({ boundingBox: b }: FeatureElement) => Math.min(b.width, b.height);

/**
 * A page's scale for sizes and lengths: the median short side of its symbols (pixels differ by resolution; symbols
 * are drawn at about one size on every sheet). Undefined on a page without symbols.
 */
export function symbolScale(elements: FeatureElement[]): number | undefined {
  const sides = elements
    .filter(isSymbolElement)
    .map(shortSide)
    .sort((a, b) => a - b);
  return sides.length ? Math.max(1, sides[sides.length >> 1]) : undefined;
}

/** How many connections each end has, from the connections' end pairs. */
export function endDegrees<End>(pairs: Array<[End, End]>): Map<End, number> {
  const degrees = new Map<End, number>();
  for (const pair of pairs) for (const end of pair) degrees.set(end, (degrees.get(end) ?? 0) + 1);
  return degrees;
}
