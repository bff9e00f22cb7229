import type { Connection, DrawingElement } from '@pid/contracts';
import { endId } from '../api/connections';

/** Where an off-page connector continues: a page of this drawing, or (with `drawing`) another drawing of the user. */
export interface Continuation {
  page: number;
  element: string;
  drawing?: string;
}

/**
 * Each off-page connector's continuation, by element id: the other end of its off-page link (a
 * connection with `metadata.off_page_link`), else its `metadata.continues_on` in another drawing.
 */
export function offPageContinuations(elements: DrawingElement[], connections: Connection[]): Map<string, Continuation> {
  const pageOf = new Map(elements.map((element) => [element._id, element.page ?? 1]));
  const found = new Map<string, Continuation>();
  for (const connection of connections) {
    if (!connection.metadata?.off_page_link) continue;
    const [source, target] = [endId(connection.source), endId(connection.target)];
    const [sourcePage, targetPage] = connection.metadata.pages ?? [pageOf.get(source) ?? 1, pageOf.get(target) ?? 1];
    found.set(source, { page: pageOf.get(target) ?? targetPage, element: target });
    found.set(target, { page: pageOf.get(source) ?? sourcePage, element: source });
  }
  for (const element of elements) {
    const elsewhere = element.metadata?.continues_on;
    if (elsewhere && !found.has(element._id)) found.set(element._id, elsewhere);
  }
  return found;
}
