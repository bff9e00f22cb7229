import type { Connection, DrawingElement } from '@pid/contracts';
import { endId } from '../api/connections';

export type ElementSort = 'default' | 'confidence';

/** What the sidebar search looks at: tags and names always, descriptions only when asked. */
export interface SearchOptions {
  descriptions: boolean;
}

const TAG_SEARCH: SearchOptions = { descriptions: false };

/** Analysis confidence of an element or connection; user-made ones (no confidence) count as fully confident. */
export function confidenceOf(item: DrawingElement | Connection): number {
  return item.metadata?.confidence ?? 1;
}

/** Least confident first where asked; a stable sort, so ties keep the detected order. */
function sorted<T extends DrawingElement | Connection>(items: T[], sort: ElementSort): T[] {
  return sort === 'confidence' ? [...items].sort((left, right) => confidenceOf(left) - confidenceOf(right)) : items;
}

const LETTER = /\p{L}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Whether `needle` (lower case) is a tag or name in `text`: the whole text, or the start of one of its
 * words not followed by a letter. "tic" finds "TIC-101" and "TIC 7", never "vertical" or "TICK".
 */
export function matchesTag(text: string, needle: string): boolean {
  const haystack = text.toLowerCase();
  if (!needle || haystack === needle) return Boolean(needle);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = at === 0 ? ' ' : haystack[at - 1];
    const after = haystack[at + needle.length] ?? ' ';
    if (!WORD_CHAR.test(before) && !LETTER.test(after)) return true;
  }
  return false;
}

/** Whether an element answers the search: its name as a tag, or its description containing the text when asked. */
export function elementMatches(element: DrawingElement, needle: string, options: SearchOptions): boolean {
  if (matchesTag(element.name ?? '', needle)) return true;
  return options.descriptions && (element.description ?? '').toLowerCase().includes(needle);
}

export function searchNeedle(query: string): string {
  return query.trim().toLowerCase();
}

/** Elements answering `query` (see elementMatches), least confident first when asked. */
export function filterElements(
  elements: DrawingElement[],
  query: string,
  sort: ElementSort,
  options: SearchOptions = TAG_SEARCH,
): DrawingElement[] {
  const needle = searchNeedle(query);
  return sorted(needle ? elements.filter((element) => elementMatches(element, needle, options)) : elements, sort);
}

/**
 * Connections answering `query`: by their own name (as a tag), by their description when asked, or
 * because one of their ends is among `matchedIds` (the elements the search found); least confident first when asked.
 */
export function filterConnections(
  connections: Connection[],
  query: string,
  matchedIds: Set<string>,
  sort: ElementSort = 'default',
  options: SearchOptions = TAG_SEARCH,
): Connection[] {
  const needle = searchNeedle(query);
  if (!needle) return sorted(connections, sort);
  const matches = connections.filter(
    (connection) =>
      matchedIds.has(endId(connection.source)) ||
      matchedIds.has(endId(connection.target)) ||
      matchesTag(connection.name ?? '', needle) ||
      (options.descriptions && (connection.description ?? '').toLowerCase().includes(needle)),
  );
  return sorted(matches, sort);
}
