/**
 * The element taxonomy: what the analysis can find and what a user can add.
 * `node` is the type of elements that users create by hand in the viewer.
 */
export const ELEMENT_TYPES = ['equipment', 'valve', 'instrument', 'fitting', 'pipe', 'text', 'off_page_connector', 'node'] as const;

export type ElementType = (typeof ELEMENT_TYPES)[number];

export const USER_ELEMENT_TYPE: ElementType = 'node';

/** A drawn symbol: an element that is neither text nor a pipe (a pipe's open end). */
export function isSymbolElement(element: { elementType: string }): boolean {
  return element.elementType !== 'text' && element.elementType !== 'pipe';
}

export function isElementType(value: unknown): value is ElementType {
  return typeof value === 'string' && (ELEMENT_TYPES as readonly string[]).includes(value);
}

/** How an element is named to people: its tag or name, or else its type with a short id ("valve 3f2a"). */
export function elementDisplayName(element: { _id: string; name?: string | null; elementType?: string | null }): string {
  const name = typeof element.name === 'string' ? element.name.trim() : '';
  if (name) return name;
  return `${element.elementType || 'element'} ${String(element._id).slice(-4)}`;
}
