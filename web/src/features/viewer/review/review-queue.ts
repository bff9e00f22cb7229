import type { DrawingElement } from '@pid/contracts';
import { confidenceOf } from '../components/element-filter';

/** The elements still to review: the unconfirmed ones, least confident first (ties keep the detected order). */
export function reviewQueue(elements: DrawingElement[]): DrawingElement[] {
  return elements
    .map((element, order) => ({ element, order }))
    .filter(({ element }) => !element.confirmed)
    .sort((left, right) => confidenceOf(left.element) - confidenceOf(right.element) || left.order - right.order)
    .map(({ element }) => element);
}

/** "n of N reviewed": confirmed elements of the page against all of them. */
export function reviewProgress(elements: DrawingElement[]): { reviewed: number; total: number } {
  return { reviewed: elements.filter((element) => element.confirmed).length, total: elements.length };
}

export function reviewProgressText({ reviewed, total }: { reviewed: number; total: number }): string {
  return `${reviewed} of ${total} reviewed`;
}
