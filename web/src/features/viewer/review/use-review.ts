import type { DrawingElement, ElementType } from '@pid/contracts';
import { ELEMENT_TYPES } from '@pid/contracts';
import { useMemo, useState } from 'react';
import { reviewQueue } from './review-queue';

export interface ReviewActions {
  confirm: (element: DrawingElement) => void;
  remove: (element: DrawingElement) => void;
  retype: (element: DrawingElement, elementType: ElementType) => void;
}

/** The review keys: one each to confirm, delete, change type (then a digit) and go on. */
export const REVIEW_KEYS: ReadonlyArray<readonly [key: string, action: string]> = [
  ['C', 'Confirm'],
  ['D', 'Delete'],
  ['T', 'Change type'],
  ['N', 'Next'],
  ['P', 'Previous'],
];

/**
 * Review mode: walks the page's unconfirmed elements least confident first. Confirming or deleting
 * the current one drops it from the queue, so the same position then holds the next.
 */
export function useReview(elements: DrawingElement[], actions: ReviewActions) {
  const [active, setActive] = useState(false);
  const [index, setIndex] = useState(0);
  const [pickingType, setPickingType] = useState(false);
  const queue = useMemo(() => reviewQueue(elements), [elements]);
  const position = queue.length === 0 ? 0 : Math.min(index, queue.length - 1);
  const current = active ? (queue[position] ?? null) : null;
  const step = (by: number) => setIndex(queue.length === 0 ? 0 : (position + by + queue.length) % queue.length);

  /** Handles a key in review mode; true when it was a review key. */
  const onKey = (event: KeyboardEvent): boolean => {
    if (!active || event.ctrlKey || event.metaKey || event.altKey) return false;
    const key = event.key.toLowerCase();
    if (pickingType) {
      const picked = ELEMENT_TYPES[Number(key) - 1];
      if (picked && current) actions.retype(current, picked);
      setPickingType(false);
      return true;
    }
    if (key === 'escape') setActive(false);
    else if (!current) return false;
    else if (key === 'c' || key === 'enter') actions.confirm(current);
    else if (key === 'd') actions.remove(current);
    else if (key === 't') setPickingType(true);
    else if (key === 'n' || key === 'arrowright') step(1);
    else if (key === 'p' || key === 'arrowleft') step(-1);
    else return false;
    return true;
  };
  const start = () => {
    setIndex(0);
    setPickingType(false);
    setActive(true);
  };
  return { active, start, stop: () => setActive(false), current, position, remaining: queue.length, pickingType, onKey };
}
