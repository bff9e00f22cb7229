import type { DrawingElement } from '@pid/contracts';

export type ElementSort = 'default' | 'confidence';

/** Analysis confidence; user-made elements (no confidence) count as fully confident. */
export function confidenceOf(element: DrawingElement): number {
  return element.metadata?.confidence ?? 1;
}

/** Elements whose name, type or description contains `query` (case-insensitive), least confident first when asked. */
export function filterElements(elements: DrawingElement[], query: string, sort: ElementSort): DrawingElement[] {
  const needle = query.trim().toLowerCase();
  const matches = needle
    ? elements.filter((element) =>
        [element.name, element.elementType, element.description].some((text) => (text ?? '').toLowerCase().includes(needle)),
      )
    : elements;
  return sort === 'confidence' ? [...matches].sort((left, right) => confidenceOf(left) - confidenceOf(right)) : matches;
}
