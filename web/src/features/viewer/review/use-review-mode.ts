import type { DrawingElement, ElementType } from '@pid/contracts';
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { Selection } from '../components/drawing-canvas';
import type { CanvasFocus } from '../components/use-canvas-view';
import { useReview } from './use-review';

/** Review mode zooms in to at least this, so each item can be read. */
const REVIEW_ZOOM = 2;

/** A new request to bring `id` into view. */
export const focusRequest =
  (id: string) =>
  (previous: CanvasFocus | null): CanvasFocus => ({ id, seq: (previous?.seq ?? 0) + 1 });

/**
 * Review mode wired to the viewer: the item under review is selected and brought into view, and
 * starting it zooms in to REVIEW_ZOOM.
 */
export function useReviewMode(options: {
  elements: DrawingElement[];
  confirm: (element: DrawingElement) => void;
  remove: (element: DrawingElement) => void;
  retype: (element: DrawingElement, elementType: ElementType) => void;
  setSelection: (selection: Selection) => void;
  setFocus: Dispatch<SetStateAction<CanvasFocus | null>>;
  setZoom: Dispatch<SetStateAction<number>>;
  onStart: () => void;
}) {
  const { setSelection, setFocus } = options;
  const review = useReview(options.elements, options);
  const reviewedId = review.current?._id ?? null;
  useEffect(() => {
    if (!reviewedId) return;
    setSelection({ kind: 'element', id: reviewedId });
    setFocus(focusRequest(reviewedId));
  }, [reviewedId, setSelection, setFocus]);
  const toggle = () => {
    if (review.active) return review.stop();
    options.onStart();
    options.setZoom((value) => Math.max(value, REVIEW_ZOOM));
    review.start();
  };
  return { ...review, toggle };
}
