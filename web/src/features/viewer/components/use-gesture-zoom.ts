import { useEffect, useLayoutEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { Point } from '../geometry/mapping';
import { anchoredScroll } from '../geometry/zoom';
import type { LiveZoom } from './live-zoom';

/** How long a wheel or pinch zoom must pause before the zoom state takes it and the new size is laid out. */
const GESTURE_SETTLE_MS = 150;

type Timer = ReturnType<typeof setTimeout>;

/** Ends a gesture early: no settling, no transform. */
function dropGesture(gesture: RefObject<Timer | null>, layer: RefObject<HTMLDivElement | null>) {
  clearTimeout(gesture.current ?? undefined);
  gesture.current = null;
  if (layer.current) layer.current.style.transform = '';
}

/**
 * A wheel or pinch gesture zooms about a point (cursor, pinch centre) without React: each step scales
 * the laid-out layer (`layerRef`) by a CSS transform (no layout, no re-raster of the image and the
 * thousands of SVG nodes, no re-render of the page) and scrolls to keep the point in place; the
 * toolbar follows through `liveZoom`. Once the gesture pauses, the zoom state takes the final zoom and
 * that size is laid out (`laidOutZoom`). Buttons and double-click lay out at once, and a zoom set
 * elsewhere during a gesture (a button, through `liveZoom` or the state) wins over the gesture.
 */
export function useGestureZoom(options: {
  containerRef: RefObject<HTMLDivElement | null>;
  zoom: number;
  setZoom: Dispatch<SetStateAction<number>>;
  liveZoom?: LiveZoom;
}) {
  const { containerRef, zoom, setZoom, liveZoom } = options;
  /** The zoom shown: ahead of `zoom` during a gesture, so quick steps add up. */
  const requestedZoom = useRef(zoom);
  const layerRef = useRef<HTMLDivElement>(null);
  const [laidOutZoom, setLaidOutZoom] = useState(zoom);
  const gesture = useRef<Timer | null>(null);
  if (laidOutZoom !== zoom && gesture.current === null) setLaidOutZoom(zoom);
  useEffect(() => () => clearTimeout(gesture.current ?? undefined), []);

  useLayoutEffect(() => {
    if (gesture.current !== null && zoom !== requestedZoom.current) {
      dropGesture(gesture, layerRef);
      setLaidOutZoom(zoom);
    }
    requestedZoom.current = zoom;
    liveZoom?.set(zoom);
  }, [zoom, liveZoom]);
  // A zoom asked for elsewhere that leaves the state as it is (Reset at 100 % during a gesture).
  useEffect(
    () =>
      liveZoom?.subscribe(() => {
        if (gesture.current === null || liveZoom.get() === requestedZoom.current) return;
        dropGesture(gesture, layerRef);
        requestedZoom.current = liveZoom.get();
      }),
    [liveZoom],
  );
  // The laid-out size now matches the zoom shown: the gesture's transform goes.
  useLayoutEffect(() => {
    if (layerRef.current) layerRef.current.style.transform = '';
  }, [laidOutZoom]);

  const zoomAbout = (next: number, client: Point) => {
    const container = containerRef.current;
    const from = requestedZoom.current;
    requestedZoom.current = next;
    if (container && layerRef.current && next !== from) {
      layerRef.current.style.transform = next === laidOutZoom ? '' : `scale(${next / laidOutZoom})`;
      const rect = container.getBoundingClientRect();
      container.scrollLeft = anchoredScroll(container.scrollLeft, client.x - rect.left, from, next);
      container.scrollTop = anchoredScroll(container.scrollTop, client.y - rect.top, from, next);
    }
    clearTimeout(gesture.current ?? undefined);
    gesture.current = setTimeout(() => {
      gesture.current = null;
      setZoom(requestedZoom.current);
      if (requestedZoom.current === laidOutZoom && layerRef.current) layerRef.current.style.transform = '';
    }, GESTURE_SETTLE_MS);
    liveZoom?.set(next);
  };
  return { requestedZoom, layerRef, laidOutZoom, zoomAbout };
}
