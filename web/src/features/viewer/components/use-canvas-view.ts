import type { BoundingBox } from '@pid/contracts';
import { useEffect, useRef, type RefObject } from 'react';
import type { Size } from '../geometry/mapping';
import { boxCenter } from '../geometry/placement';
import { clampZoom } from '../geometry/zoom';

/** A request to bring an element into the middle of the view; `seq` tells two requests for one element apart. */
export interface CanvasFocus {
  id: string;
  seq: number;
}

/** The zoom at which the whole sheet fits the view (zoom 1 fits its width), within spec's 0.5–5. */
export function fitZoom(view: Size, image: Size): number {
  if (view.width <= 0 || view.height <= 0 || image.width <= 0 || image.height <= 0) return 1;
  const sheetHeightAtOne = (view.width * image.height) / image.width;
  return clampZoom(Math.floor(Math.min(1, view.height / sheetHeightAtOne) * 100) / 100);
}

/** The scroll offsets that put an image point in the middle of the view at `zoom`. */
export function centredScroll(box: BoundingBox, view: Size, image: Size, zoom: number): { left: number; top: number } {
  const scale = (view.width * zoom) / image.width;
  const centre = boxCenter(box);
  return { left: Math.max(0, centre.x * scale - view.width / 2), top: Math.max(0, centre.y * scale - view.height / 2) };
}

/**
 * Reports the fit zoom whenever the view or the image changes size, and scrolls to a focused element
 * once its zoom is laid out.
 */
export function useCanvasView(options: {
  containerRef: RefObject<HTMLDivElement | null>;
  imageSize: Size;
  zoom: number;
  focus: CanvasFocus | null | undefined;
  focusBox: BoundingBox | undefined;
  onFitZoom?: (zoom: number) => void;
}) {
  const { containerRef, imageSize, zoom, focus, focusBox, onFitZoom } = options;
  const onFit = useRef(onFitZoom);
  useEffect(() => {
    onFit.current = onFitZoom;
  });
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const report = () => onFit.current?.(fitZoom({ width: container.clientWidth, height: container.clientHeight }, imageSize));
    report();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(report);
    observer.observe(container);
    return () => observer.disconnect();
  }, [containerRef, imageSize]);
  const focusKey = focus ? `${focus.id}:${focus.seq}` : null;
  // Each focus request scrolls once, after its zoom is laid out; later zooms (wheel, buttons) keep their own anchor.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !focusBox || !focusKey || handled.current === focusKey) return;
    handled.current = focusKey;
    const { left, top } = centredScroll(focusBox, { width: container.clientWidth, height: container.clientHeight }, imageSize, zoom);
    container.scrollTo?.({ left, top });
  }, [focusKey, focusBox, imageSize, zoom, containerRef]);
}
